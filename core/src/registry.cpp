// The registry: every measure, in the order the index page shows them (most taught first). Each
// measure is declared in its family file (core/src/measures/*.cpp) as `MeasureInfo
// measure_<id>()`, beside the code that computes it. Adding a measure: its declaration and code
// in a family file, one line in IRM_MEASURES below, its tests. The page's reference, the CLI's
// `measures` and docs/measures.md are generated from this list.

#include "irm/registry.h"

namespace irm {

// One line per measure: X(id) names the family file's measure_<id>().
#define IRM_MEASURES(X)                                 \
  X(ap)                     /* average_precision.cpp */ \
  X(precision)              /* precision_recall.cpp */  \
  X(recall)                 /* precision_recall.cpp */  \
  X(precision_recall)       /* precision_recall.cpp */  \
  X(r_precision)            /* precision_recall.cpp */  \
  X(reciprocal_rank)        /* reciprocal_rank.cpp */   \
  X(eleven_point)           /* interpolation.cpp */     \
  X(interpolated_precision) /* interpolation.cpp */     \
  X(map)                    /* several_queries.cpp */   \
  X(mrr)                    /* several_queries.cpp */   \
  X(gmap)                   /* several_queries.cpp */   \
  X(eleven_point_average)   /* several_queries.cpp */   \
  X(mean)                   /* several_queries.cpp */   \
  X(pool)                   /* pooling.cpp */           \
  X(bpref)                  /* bpref.cpp */             \
  X(ndcg)                   /* dcg.cpp */               \
  X(dcg)                    /* dcg.cpp */               \
  X(ideal_dcg)              /* dcg.cpp */               \
  X(err)                    /* cascade.cpp */           \
  X(rbp)                    /* cascade.cpp */           \
  X(inst)                   /* cascade.cpp */           \
  X(compat)                 /* cascade.cpp */           \
  X(alpha_ndcg)             /* diversity.cpp */         \
  X(alpha_dcg)              /* diversity.cpp */         \
  X(err_ia)                 /* diversity.cpp */         \
  X(nerr_ia)                /* diversity.cpp */         \
  X(nrbp)                   /* diversity.cpp */         \
  X(nnrbp)                  /* diversity.cpp */         \
  X(ap_ia)                  /* diversity.cpp */         \
  X(p_ia)                   /* diversity.cpp */         \
  X(s_recall)               /* diversity.cpp */         \
  X(confusion)              /* set_measures.cpp */      \
  X(f)                      /* set_measures.cpp */      \
  X(multiclass)             /* multiclass.cpp */        \
  X(roc)                    /* roc.cpp */               \
  X(auc)                    /* roc.cpp */               \
  X(eer)                    /* roc.cpp */               \
  X(auc_pr)                 /* roc.cpp */               \
  X(sign_test)              /* significance.cpp */      \
  X(wilcoxon)               /* significance.cpp */      \
  X(t_test)                 /* significance.cpp */      \
  X(randomization)          /* significance.cpp */      \
  X(kappa)                  /* kappa.cpp */             \
  X(fleiss)                 /* kappa.cpp */             \
  X(tau)                    /* correlation.cpp */

#define IRM_DECLARE(id) MeasureInfo measure_##id();
#define IRM_CALL(id) measure_##id(),
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
    case InputKind::rankings:
      return "rankings";
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
  static const std::vector<MeasureInfo> table = {IRM_MEASURES(IRM_CALL)};
  return table;
}

}  // namespace irm
