// The training step of the blind folds: fits whatever the engine learns from labelled documents.
//
// Today the engine learns nothing from data: its rules are written by hand, so `train` returns null
// and a fold's "blind" predictions are the very ones the full run made; seen and blind scores are
// equal, and that equality is what says nothing is fitted. The rules were still written while
// looking at ../shared/corpus, which no fold can undo: the words corpus and the generated set are
// the measures the rules were not written against.
//
// A learner plugs in here (issue 18): fit on `docs` (each { set, folder, name, input, label }),
// write the model under `dir`, and return { extractArgs } — the arguments `ledgerlens extract` needs
// to use it (say ['--model', path]). The eval then extracts each fold's documents again with the
// model fitted without them, and the "seen" run with the model fitted on everything.
export async function train({ docs: _docs, dir: _dir }) {
  return null;
}
