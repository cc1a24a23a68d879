// The registry: every measure, in the order the index page shows them (most taught first). Each
// measure is declared in its family file (core/src/measures/*.cpp) as `MeasureInfo
// measure_<id>()`, beside the code that computes it. Adding a measure: its declaration and code
// in a family file, one line in IRM_MEASURES below, its tests. The page's reference, the CLI's
// `measures` and docs/measures.md are generated from this list.

#include "irm/registry.h"

#include "irm/module_group.h"

namespace irm {

// One line per measure: X(id, groups) names the family file's measure_<id>() and the module
// groups that keep it (irm/module_group.h: a calculator page's wasm module keeps one group; the
// other builds keep every measure). F is in two: its cutoff form reads a ranked list; AP and
// bpref too: pooling scores each run with them (pooling.cpp, by name).
#define IRM_MEASURES(X)                                        \
  X(ap, lists, pooling)            /* average_precision.cpp */ \
  X(precision, lists)              /* precision_recall.cpp */  \
  X(recall, lists)                 /* precision_recall.cpp */  \
  X(precision_recall, lists)       /* precision_recall.cpp */  \
  X(r_precision, lists)            /* precision_recall.cpp */  \
  X(reciprocal_rank, lists)        /* reciprocal_rank.cpp */   \
  X(eleven_point, lists)           /* interpolation.cpp */     \
  X(interpolated_precision, lists) /* interpolation.cpp */     \
  X(map, lists)                    /* several_queries.cpp */   \
  X(mrr, lists)                    /* several_queries.cpp */   \
  X(gmap, lists)                   /* several_queries.cpp */   \
  X(eleven_point_average, lists)   /* several_queries.cpp */   \
  X(mean, lists)                   /* several_queries.cpp */   \
  X(pool, pooling)                 /* pooling.cpp */           \
  X(bpref, lists, pooling)         /* bpref.cpp */             \
  X(ndcg, lists)                   /* dcg.cpp */               \
  X(dcg, lists)                    /* dcg.cpp */               \
  X(ideal_dcg, lists)              /* dcg.cpp */               \
  X(err, lists)                    /* cascade.cpp */           \
  X(rbp, lists)                    /* cascade.cpp */           \
  X(inst, lists)                   /* cascade.cpp */           \
  X(insq, lists)                   /* cascade.cpp */           \
  X(sdcg, lists)                   /* cascade.cpp */           \
  X(compat, lists)                 /* cascade.cpp */           \
  X(alpha_ndcg, diversity)         /* diversity.cpp */         \
  X(alpha_dcg, diversity)          /* diversity.cpp */         \
  X(err_ia, diversity)             /* diversity.cpp */         \
  X(nerr_ia, diversity)            /* diversity.cpp */         \
  X(nrbp, diversity)               /* diversity.cpp */         \
  X(nnrbp, diversity)              /* diversity.cpp */         \
  X(ap_ia, diversity)              /* diversity.cpp */         \
  X(p_ia, diversity)               /* diversity.cpp */         \
  X(s_recall, diversity)           /* diversity.cpp */         \
  X(confusion, sets)               /* set_measures.cpp */      \
  X(f, lists, sets)                /* set_measures.cpp */      \
  X(multiclass, sets)              /* multiclass.cpp */        \
  X(roc, roc)                      /* roc.cpp */               \
  X(auc, roc)                      /* roc.cpp */               \
  X(eer, roc)                      /* roc.cpp */               \
  X(auc_pr, roc)                   /* roc.cpp */               \
  X(sign_test, significance)       /* significance.cpp */      \
  X(wilcoxon, significance)        /* significance.cpp */      \
  X(t_test, significance)          /* significance.cpp */      \
  X(randomization, significance)   /* significance.cpp */      \
  X(kappa, agreement)              /* kappa.cpp */             \
  X(fleiss, agreement)             /* kappa.cpp */             \
  X(krippendorff, agreement)       /* krippendorff.cpp */      \
  X(tau, correlation)              /* correlation.cpp */       \
  X(tau_ap, correlation)           /* correlation.cpp */       \
  X(spearman, correlation)         /* correlation.cpp */       \
  X(pearson, correlation)          /* correlation.cpp */       \
  X(rbo, correlation)              /* correlation.cpp */

#define IRM_DECLARE(id, ...) MeasureInfo measure_##id();
// A measure this build does not keep is never named, so the linker leaves its code out.
#define IRM_CALL(id, ...) \
  if constexpr (keeps(#__VA_ARGS__)) table.push_back(measure_##id());
IRM_MEASURES(IRM_DECLARE)

const char* to_string(InputKind kind) {
  switch (kind) {
    case InputKind::ranked_list:
      return "ranked_list";
    case InputKind::graded_list:
      return "graded_list";
    case InputKind::queries:
      return "queries";
    case InputKind::scored_labels:
      return "scored_labels";
    case InputKind::confusion:
      return "confusion";
    case InputKind::multiclass:
      return "multiclass";
    case InputKind::judges:
      return "judges";
    case InputKind::ratings:
      return "ratings";
    case InputKind::reliability:
      return "reliability";
    case InputKind::rankings:
      return "rankings";
    case InputKind::two_lists:
      return "two_lists";
    case InputKind::paired:
      return "paired";
    case InputKind::runs:
      return "runs";
    case InputKind::subtopic_list:
      return "subtopic_list";
  }
  return "ranked_list";
}

std::string outcome_title(const MeasureCall& call) {
  const MeasureInfo& info = *call.info;
  if (!call.inner.empty() || info.variant_title == nullptr) return info.title;
  return info.variant_title(call);
}

InputKind input_kind(const MeasureCall& call) {
  if (call.rank_cutoff && call.info->cutoff_input) return *call.info->cutoff_input;
  return call.info->input;
}

const std::vector<MeasureInfo>& all_measures() {
  static const std::vector<MeasureInfo> kept = [] {
    std::vector<MeasureInfo> table;
    IRM_MEASURES(IRM_CALL)
    return table;
  }();
  return kept;
}

}  // namespace irm
