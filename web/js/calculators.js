// The calculator pages, in menu order. `input` is the MeasureInfo.input family a page computes;
// `calc` is its key in share links (#calc=ranked&…).

/**
 * @type {{calc: string, page: string, title: string, input: string, summary: string,
 *          sample: Object<string, string>}[]}
 *   sample: share-link state for the reference's "try it" links (the notes' RL2)
 */
export const calculators = [
  {
    calc: 'ranked',
    page: 'ranked.html',
    title: 'Ranked list',
    input: 'ranked_list',
    summary:
      'One ranked list with binary judgements: precision and recall at each rank, average precision, ' +
      'interpolated precision and the precision–recall curve, worked step by step.',
    sample: { in: '+ - + - - + - - + +', relevant: '5' },
  },
];

/** The calculator for a share-link key, or undefined. */
export const calculatorFor = (calc) => calculators.find((calculator) => calculator.calc === calc);
