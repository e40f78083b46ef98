enum XMLCorpusPlaceholder {}
