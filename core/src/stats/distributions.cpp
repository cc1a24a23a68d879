// Probability distributions (irm/distributions.h).
//
// normal: Φ through the C library's erfc. The quantile starts from Abramowitz and Stegun,
//   Handbook of Mathematical Functions (1964), formula 26.2.23 (|error| < 4.5e-4), and is refined
//   by Halley's method on Φ(x) − p, which triples the correct digits per step: three steps reach
//   double precision.
//
// Student's t: P(|T| ≥ |t|) = I_{df/(df+t²)}(df/2, 1/2), the regularized incomplete beta
//   function by its continued fraction (Abramowitz and Stegun 26.5.8), evaluated by the modified
//   Lentz method (Press, Teukolsky, Vetterling and Flannery, Numerical Recipes, 3rd ed. 2007,
//   section 6.4). The quantile: closed forms for df = 1 (Cauchy: tan) and df = 2, else Newton's
//   method on the upper tail from the Cornish–Fisher start (Abramowitz and Stegun 26.7.5), kept
//   inside a bracket and falling back to bisection.
//
// binomial at 1/2: tails summed as logarithms, log C(n,k) = lgamma(n+1) − lgamma(k+1) −
//   lgamma(n−k+1), added with log-sum-exp around the largest term.
//
// studentized range: the distribution of Q = R/S, the range R of k independent standard normals
//   over an independent S with ν S² ~ χ²_ν (Tukey's HSD). As in Copenhaver and Holland,
//   "Computation of the distribution of the maximum studentized range statistic with application
//   to multiple significance testing of simple effects", Journal of Statistical Computation and
//   Simulation 30 (1988), and R's ptukey (which follows them):
//     P(R ≥ w) = k ∫ φ(z) [Φ(z)^{k−1} − (Φ(z) − Φ(z − w))^{k−1}] dz,
//     P(Q ≥ q) = ∫_0^∞ f_S(s) P(R ≥ q s) ds,  f_S(s) ∝ s^{ν−1} exp(−ν s²/2),
//   both by Gauss–Legendre quadrature (16 points) on pieces of a fixed width (1 in z; two standard
//   deviations of ln S in s). Two choices of ours
//   differ from R's code: the inner integrand is written as Φ(z)^{k−1}·(1 − (1 − r)^{k−1}) with
//   r = Φ(z − w)/Φ(z), computed with log1p and expm1, so the upper tail is summed directly and a
//   small p keeps its relative precision (R computes 1 − P); and the outer integral runs over
//   t = ln s, where the density ∝ exp(ν(t − (e^{2t} − 1)/2)) is nearly normal with standard
//   deviation 1/√(2ν), over the t where it is above e^{−60} of its peak, and divides by the same
//   quadrature of the density alone, so the weights sum to 1 exactly. ν = ∞ is P(R ≥ q). The
//   quantile solves P(Q ≥ q) = α by the Illinois method (regula falsi) on log P.

#include "irm/distributions.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <vector>

namespace irm::stats {

namespace {

constexpr double pi = 3.14159265358979323846;
const double sqrt2 = std::sqrt(2.0);

double normal_density(double z) { return std::exp(-0.5 * z * z) / std::sqrt(2.0 * pi); }

// The continued fraction of the incomplete beta function (the even and odd steps of
//   I_x(a,b) = x^a (1−x)^b / (a B(a,b)) · 1/(1+ d1/(1+ d2/(1+ …)))
// with d_{2m+1} = −(a+m)(a+b+m)x/((a+2m)(a+2m+1)), d_{2m} = m(b−m)x/((a+2m−1)(a+2m))),
// evaluated by the modified Lentz method, which never divides by an exact 0.
double beta_continued_fraction(double a, double b, double x) {
  const double tiny = 1e-300;
  const auto guard = [&](double v) { return std::fabs(v) < tiny ? tiny : v; };
  double c = 1.0;
  double d = 1.0 / guard(1.0 - (a + b) * x / (a + 1.0));
  double h = d;
  for (int m = 1; m <= 500; ++m) {
    const double md = static_cast<double>(m);
    const double even = md * (b - md) * x / ((a + 2.0 * md - 1.0) * (a + 2.0 * md));
    d = 1.0 / guard(1.0 + even * d);
    c = guard(1.0 + even / c);
    h *= d * c;
    const double odd = -(a + md) * (a + b + md) * x / ((a + 2.0 * md) * (a + 2.0 * md + 1.0));
    d = 1.0 / guard(1.0 + odd * d);
    c = guard(1.0 + odd / c);
    const double step = d * c;
    h *= step;
    if (std::fabs(step - 1.0) < 1e-15) break;
  }
  return h;
}

// The 16 Gauss–Legendre nodes and weights on [−1, 1], found once by Newton's method on the
// Legendre polynomial P_16 (its three-term recurrence), as in Numerical Recipes' gauleg.
struct Legendre {
  std::array<double, 16> node{};
  std::array<double, 16> weight{};
};

const Legendre& legendre16() {
  static const Legendre table = [] {
    Legendre g;
    constexpr int n = 16;
    for (int i = 0; i < n / 2; ++i) {
      double x = std::cos(pi * (i + 0.75) / (n + 0.5));
      double derivative = 1.0;
      for (int iteration = 0; iteration < 100; ++iteration) {
        double p0 = 1.0;
        double p1 = 0.0;
        for (int j = 1; j <= n; ++j) {
          const double p2 = p1;
          p1 = p0;
          p0 = ((2.0 * j - 1.0) * x * p1 - (j - 1.0) * p2) / j;
        }
        derivative = n * (x * p0 - p1) / (x * x - 1.0);
        const double previous = x;
        x = previous - p0 / derivative;
        if (std::fabs(x - previous) < 1e-16) break;
      }
      const double w = 2.0 / ((1.0 - x * x) * derivative * derivative);
      g.node[i] = -x;
      g.node[n - 1 - i] = x;
      g.weight[i] = w;
      g.weight[n - 1 - i] = w;
    }
    return g;
  }();
  return table;
}

// Nodes and weights of 16-point Gauss–Legendre on each of `pieces` equal pieces of [lo, hi].
void add_nodes(double lo, double hi, int pieces, std::vector<double>& at,
               std::vector<double>& weight) {
  const Legendre& g = legendre16();
  const double width = (hi - lo) / pieces;
  for (int p = 0; p < pieces; ++p) {
    const double middle = lo + (p + 0.5) * width;
    for (std::size_t i = 0; i < 16; ++i) {
      at.push_back(middle + 0.5 * width * g.node[i]);
      weight.push_back(0.5 * width * g.weight[i]);
    }
  }
}

// P(R ≥ w) for the range R of k standard normals, on fixed nodes in z.
struct RangeTail {
  int m = 1;                  // k − 1
  std::vector<double> z;      // nodes
  std::vector<double> c;      // weight · k φ(z) Φ(z)^{k−1}
  std::vector<double> lower;  // Φ(z)

  explicit RangeTail(int k) : m(k - 1) {
    std::vector<double> at;
    std::vector<double> weight;
    // φ(9) ≈ 1e-18: beyond ±9 the integrand is below any p of interest.
    add_nodes(-9.0, 9.0, 18, at, weight);
    for (std::size_t i = 0; i < at.size(); ++i) {
      const double phi = normal_cdf(at[i]);
      const double coefficient =
          weight[i] * k * normal_density(at[i]) * std::pow(phi, static_cast<double>(m));
      if (coefficient < 1e-300) continue;
      z.push_back(at[i]);
      c.push_back(coefficient);
      lower.push_back(phi);
    }
  }

  double operator()(double w) const {
    if (w <= 0.0) return 1.0;
    double sum = 0.0;
    const double md = static_cast<double>(m);
    for (std::size_t i = 0; i < z.size(); ++i) {
      const double r = normal_cdf(z[i] - w) / lower[i];  // Φ(z − w)/Φ(z), in [0, 1]
      if (r <= 0.0) continue;
      sum += c[i] * -std::expm1(md * std::log1p(-std::min(r, 1.0)));
    }
    return std::min(1.0, sum);
  }
};

}  // namespace

// --- normal ------------------------------------------------------------------------------------

double normal_upper(double z) { return 0.5 * std::erfc(z / sqrt2); }
double normal_cdf(double z) { return 0.5 * std::erfc(-z / sqrt2); }

double normal_quantile(double p) {
  if (std::isnan(p) || p < 0.0 || p > 1.0) return std::numeric_limits<double>::quiet_NaN();
  if (p == 0.0) return -std::numeric_limits<double>::infinity();
  if (p == 1.0) return std::numeric_limits<double>::infinity();
  if (p == 0.5) return 0.0;
  // Solve in the lower half, where Φ(x) = p keeps its precision through erfc.
  const bool upper = p > 0.5;
  const double q = upper ? 1.0 - p : p;
  // Abramowitz and Stegun 26.2.23: x_q ≈ t − (c0 + c1 t + c2 t²)/(1 + d1 t + d2 t² + d3 t³),
  // t = √(−2 ln q), for the upper-tail point of probability q.
  const double t = std::sqrt(-2.0 * std::log(q));
  double x = -(t - (2.515517 + 0.802853 * t + 0.010328 * t * t) /
                       (1.0 + 1.432788 * t + 0.189269 * t * t + 0.001308 * t * t * t));
  for (int step = 0; step < 4; ++step) {
    const double density = normal_density(x);
    if (density <= 0.0) break;
    const double u = (normal_cdf(x) - q) / density;
    x -= u / (1.0 + 0.5 * x * u);
  }
  return upper ? -x : x;
}

// --- Student's t -------------------------------------------------------------------------------

double incomplete_beta(double a, double b, double x, double rest) {
  if (x <= 0.0) return 0.0;
  if (rest <= 0.0) return 1.0;
  const double log_front =
      std::lgamma(a + b) - std::lgamma(a) - std::lgamma(b) + a * std::log(x) + b * std::log(rest);
  const double front = std::exp(log_front);
  if (x < (a + 1.0) / (a + b + 2.0)) return front * beta_continued_fraction(a, b, x) / a;
  return 1.0 - front * beta_continued_fraction(b, a, rest) / b;
}

double student_two_sided(double t_squared, double df) {
  const double p =
      incomplete_beta(df / 2.0, 0.5, df / (df + t_squared), t_squared / (df + t_squared));
  return std::min(1.0, std::max(0.0, p));
}

double student_upper(double t, double df) {
  const double half = student_two_sided(t * t, df) / 2.0;
  return t >= 0.0 ? half : 1.0 - half;
}

double student_density(double t, double df) {
  return std::exp(std::lgamma((df + 1.0) / 2.0) - std::lgamma(df / 2.0) - 0.5 * std::log(df * pi) -
                  (df + 1.0) / 2.0 * std::log1p(t * t / df));
}

double student_upper_quantile(double q, double df) {
  if (std::isnan(q) || q <= 0.0 || q >= 1.0 || !(df > 0.0)) {
    if (q == 0.0) return std::numeric_limits<double>::infinity();
    if (q == 1.0) return -std::numeric_limits<double>::infinity();
    return std::numeric_limits<double>::quiet_NaN();
  }
  if (q > 0.5) return -student_upper_quantile(1.0 - q, df);
  if (q == 0.5) return 0.0;
  if (df == 1.0) return 1.0 / std::tan(pi * q);  // Cauchy: tan(π(1/2 − q))
  if (df == 2.0) {
    const double p = 1.0 - q;  // F(t) = 1/2 + t/(2√(2 + t²))  ⇒  t = (2p − 1)/√(2p(1 − p))
    return (1.0 - 2.0 * q) / std::sqrt(2.0 * p * q);
  }
  // Cornish–Fisher start: t ≈ z + (z³ + z)/(4ν) + (5z⁵ + 16z³ + 3z)/(96ν²).
  const double z = -normal_quantile(q);
  double t = z + (z * z * z + z) / (4.0 * df) +
             (5.0 * std::pow(z, 5) + 16.0 * z * z * z + 3.0 * z) / (96.0 * df * df);
  double lo = 0.0;  // upper(lo) > q
  double hi = std::max(2.0 * t, 1.0);
  for (int i = 0; i < 2000 && student_upper(hi, df) > q; ++i) hi *= 2.0;
  if (!(t > lo && t < hi)) t = 0.5 * (lo + hi);
  for (int step = 0; step < 200; ++step) {
    const double f = student_upper(t, df) - q;
    if (f > 0.0) lo = t;
    if (f < 0.0) hi = t;
    if (f == 0.0) break;
    double next = t + f / student_density(t, df);  // f' = −density
    if (!(next > lo && next < hi)) next = 0.5 * (lo + hi);
    if (std::fabs(next - t) <= 1e-15 * std::fabs(next)) {
      t = next;
      break;
    }
    t = next;
  }
  return t;
}

// --- binomial at 1/2 -----------------------------------------------------------------------------

double log_binomial_half_tail(std::int64_t n, std::int64_t low, std::int64_t high) {
  low = std::max<std::int64_t>(low, 0);
  high = std::min(high, n);
  if (low > high) return -std::numeric_limits<double>::infinity();
  const double log_n_factorial = std::lgamma(static_cast<double>(n) + 1.0);
  const auto log_term = [&](std::int64_t k) {
    return log_n_factorial - std::lgamma(static_cast<double>(k) + 1.0) -
           std::lgamma(static_cast<double>(n - k) + 1.0) - static_cast<double>(n) * std::log(2.0);
  };
  // The largest term of the tail is the one nearest n/2.
  const std::int64_t peak = std::clamp(n / 2, low, high);
  const double top = log_term(peak);
  double scaled = 0.0;
  for (std::int64_t k = low; k <= high; ++k) scaled += std::exp(log_term(k) - top);
  return top + std::log(scaled);
}

double binomial_half_two_sided(std::int64_t n, std::int64_t k) {
  if (n <= 0) return 1.0;
  const double log_p = log_binomial_half_tail(n, 0, std::min(k, n - k)) + std::log(2.0);
  return std::min(1.0, std::exp(log_p));
}

// --- Wilcoxon signed rank ----------------------------------------------------------------------

// Under H0 each rank 1..n carries + or − with probability 1/2. ways[w] counts the subsets of
// {1..n} with sum w, built by adding rank k to every subset of 1..k−1 (the subset-sum recurrence;
// Wilcoxon 1945, and the counts of OEIS A053632).
std::vector<std::int64_t> signed_rank_counts(std::int64_t n) {
  if (n < 0 || n > 62) return {};
  const std::int64_t top = n * (n + 1) / 2;
  std::vector<std::int64_t> ways(static_cast<std::size_t>(top) + 1, 0);
  ways[0] = 1;
  for (std::int64_t k = 1; k <= n; ++k) {
    for (std::int64_t w = top; w >= k; --w) {
      ways[static_cast<std::size_t>(w)] += ways[static_cast<std::size_t>(w - k)];
    }
  }
  return ways;
}

// --- studentized range ---------------------------------------------------------------------------

double studentized_range_upper(double q, int k, double df) {
  if (std::isnan(q) || k < 2 || !(df > 0.0)) return std::numeric_limits<double>::quiet_NaN();
  if (q <= 0.0) return 1.0;
  if (std::isinf(q)) return 0.0;
  const RangeTail range(k);
  if (std::isinf(df)) return range(q);

  // The density of t = ln S relative to its peak at t = 0: exp(ν h(t)), h(t) = t − (e^{2t} − 1)/2.
  const auto log_density = [&](double t) { return df * (t - 0.5 * std::expm1(2.0 * t)); };
  const double floor = -60.0;
  const auto edge = [&](double inside, double outside) {  // where log_density crosses floor
    for (int i = 0; i < 200; ++i) {
      const double middle = 0.5 * (inside + outside);
      (log_density(middle) > floor ? inside : outside) = middle;
    }
    return 0.5 * (inside + outside);
  };
  const double t_hi = edge(0.0, 10.0);
  const double t_lo = edge(0.0, floor / df - 10.0);
  const double sd = 1.0 / std::sqrt(2.0 * df);
  const int pieces = std::clamp(static_cast<int>(std::ceil((t_hi - t_lo) / (2.0 * sd))), 8, 400);
  std::vector<double> at;
  std::vector<double> weight;
  add_nodes(t_lo, t_hi, pieces, at, weight);
  double mass = 0.0;
  double sum = 0.0;
  for (std::size_t i = 0; i < at.size(); ++i) {
    const double w = weight[i] * std::exp(log_density(at[i]));
    if (w < 1e-300) continue;
    mass += w;
    sum += w * range(q * std::exp(at[i]));
  }
  return std::min(1.0, std::max(0.0, sum / mass));
}

double studentized_range_upper_quantile(double alpha, int k, double df) {
  if (!(alpha > 0.0 && alpha < 1.0) || k < 2 || !(df > 0.0)) {
    return std::numeric_limits<double>::quiet_NaN();
  }
  const double target = std::log(alpha);
  const auto f = [&](double q) { return std::log(studentized_range_upper(q, k, df)) - target; };
  double lo = 0.0;  // f(0) = −ln α > 0
  double f_lo = -target;
  double hi = 4.0;
  double f_hi = f(hi);
  for (int i = 0; i < 60 && f_hi > 0.0; ++i) {
    lo = hi;
    f_lo = f_hi;
    hi *= 2.0;
    f_hi = f(hi);
  }
  // Illinois: regula falsi that halves the stale end's value when the same end is kept twice.
  int kept = 0;
  double q = hi;
  for (int step = 0; step < 100; ++step) {
    const double previous = q;
    q = (lo * f_hi - hi * f_lo) / (f_hi - f_lo);
    if (!(q > lo && q < hi)) q = 0.5 * (lo + hi);
    if (std::fabs(q - previous) < 1e-13 * q) break;
    const double f_q = f(q);
    if (f_q == 0.0) break;
    if (f_q > 0.0) {
      lo = q;
      f_lo = f_q;
      if (kept == -1) f_hi /= 2.0;
      kept = -1;
    } else {
      hi = q;
      f_hi = f_q;
      if (kept == 1) f_lo /= 2.0;
      kept = 1;
    }
    if (std::fabs(f_q) < 1e-14) break;
  }
  return q;
}

}  // namespace irm::stats
