// The report tables of scripts/eval-detect.mjs that both of its evaluations share (the synthetic
// samples and the real documents): markdown tables of top-1 accuracy by length, by encoding, the
// package against chardetng, the package's calibration and its most frequent mistakes. Each takes
// a set ({ samples, lengths, buckets: [[label, lengths]], encodings (in report order) }) and the
// detectors' results on it ({ detector, text: { answers, errors, seconds }, mapped (the standard's
// name of each answer or null), right (booleans), unknown, aliased (Maps of raw name → count) }),
// and returns markdown.

import { ALIASES } from './detectors.mjs';

export const percent = (right, total, digits = 1) => (total === 0 ? '—' : `${((100 * right) / total).toFixed(digits)}%`);

export function table(header, rows) {
  const line = (cells) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map((_, i) => (i === 0 ? '---' : '---:'))), ...rows.map(line)].join('\n');
}

/** The indexes of `list` whose item passes `test`. */
export const where = (list, test) => list.flatMap((item, i) => (test(item, i) ? [i] : []));
/** The share of `indexes` that `right` marks right, as a percentage. */
export const shareRight = (indexes, right, digits = 1) => percent(indexes.filter((i) => right[i]).length, indexes.length, digits);
/** `name ×count, …`, most frequent first. */
export const tallied = (map) => [...map].sort((a, b) => b[1] - a[1]).map(([n, c]) => `${n} ×${c}`).join(', ');

/** The encodings of `set` that have samples, in its order. */
const encodingsOf = (set) => set.encodings.filter((e) => set.samples.some((s) => s.encoding === e));

/**
 * A detector's accuracy on `set`: over all samples, and the mean over encodings of each encoding's
 * accuracy (every encoding weighs the same, however many samples it has); as fractions.
 */
export function accuracy(set, right, test = () => true) {
  const all = where(set.samples, test);
  const perEncoding = encodingsOf(set)
    .map((e) => all.filter((i) => set.samples[i].encoding === e))
    .filter((idx) => idx.length > 0)
    .map((idx) => idx.filter((i) => right[i]).length / idx.length);
  return {
    samples: all.length,
    all: all.length === 0 ? null : all.filter((i) => right[i]).length / all.length,
    mean: perEncoding.length === 0 ? null : perEncoding.reduce((a, b) => a + b, 0) / perEncoding.length,
  };
}

export const asPercent = (fraction) => (fraction === null ? '—' : `${(100 * fraction).toFixed(1)}%`);

/** Top-1 accuracy per detector and sample length, with each detector's time, then what its answers needed reading. */
export function byLength(set, results) {
  const idx = set.lengths.map((l) => where(set.samples, (s) => s.length === l));
  const out = [
    table(
      ['detector', ...set.lengths.map(String), 'all', 'time (s)'],
      [
        ['samples', ...idx.map((i) => i.length), set.samples.length, ''],
        ...results.map(({ detector, right, text }) => [
          detector.name,
          ...idx.map((i) => shareRight(i, right)),
          shareRight(where(set.samples, () => true), right),
          text.seconds.toFixed(1),
        ]),
      ],
    ),
  ];
  for (const { detector, unknown, aliased, text } of results) {
    if (aliased.size > 0) {
      const readings = [...aliased.keys()].map((n) => `${n} = ${ALIASES.get(n.toLowerCase())}`).join(', ');
      out.push(`${detector.name} answered names that are no label of the standard, read as: ${readings} (${tallied(aliased)})`);
    }
    if (unknown.size > 0) out.push(`${detector.name} answered names of no encoding of the standard (counted wrong): ${tallied(unknown)}`);
    if (text.errors > 0) out.push(`${detector.name} threw on ${text.errors} samples (counted wrong)`);
  }
  return out.join('\n\n');
}

/** Top-1 accuracy per encoding and length bucket, one table per detector under `heading` (e.g. '###'), with all samples and the mean over encodings. */
export function byEncoding(set, results, heading) {
  const out = [];
  for (const { detector, right } of results) {
    const rows = encodingsOf(set).map((encoding) => {
      const all = where(set.samples, (s) => s.encoding === encoding);
      const buckets = set.buckets.map(([, lengths]) => all.filter((i) => lengths.includes(set.samples[i].length)));
      return [encoding, ...buckets.map((idx) => shareRight(idx, right, 0)), shareRight(all, right, 0), all.length];
    });
    const overall = set.buckets.map(([, lengths]) => accuracy(set, right, (s) => lengths.includes(s.length)));
    const whole = accuracy(set, right);
    rows.push(['**all samples**', ...overall.map((a) => asPercent(a.all)), asPercent(whole.all), whole.samples]);
    rows.push(['**mean over encodings**', ...overall.map((a) => asPercent(a.mean)), asPercent(whole.mean), '']);
    out.push(`${heading} ${detector.name}`, table(['encoding', ...set.buckets.map(([label]) => label), 'all', 'samples'], rows));
  }
  return out.join('\n\n');
}

/** The package against chardetng, per encoding and length: every cell where it is below. */
export function belowReference(set, main, reference) {
  const below = [];
  let cells = 0;
  for (const encoding of encodingsOf(set)) {
    for (const length of set.lengths) {
      const idx = where(set.samples, (s) => s.encoding === encoding && s.length === length);
      if (idx.length === 0) continue;
      cells++;
      const ours = idx.filter((i) => main.right[i]).length;
      const theirs = idx.filter((i) => reference.right[i]).length;
      if (ours < theirs) below.push([encoding, length, idx.length, percent(ours, idx.length), percent(theirs, idx.length)]);
    }
  }
  const name = reference.detector.name;
  const lead = `${cells - below.length} of ${cells} cells (encoding × length) at or above ${name}${below.length ? '; below:' : '.'}`;
  return below.length ? `${lead}\n\n${table(['encoding', 'length', 'samples', main.detector.name, name], below)}` : lead;
}

/** Calibration of the package's confidence: of its answers at or above each confidence, how many are right. */
export function calibration(set, main, bins) {
  const confidenceOf = (i) => main.text.answers[i].confidence;
  if (!main.text.answers.some((a) => typeof a.confidence === 'number')) return `n/a: ${main.detector.name} gives no confidence.`;
  const answered = where(set.samples, (_, i) => main.mapped[i] !== null);
  const rows = bins.map((bin) => {
    const idx = answered.filter((i) => confidenceOf(i) >= bin);
    return [`≥ ${bin}`, idx.length, shareRight(idx, main.right)];
  });
  const below = answered.filter((i) => !(confidenceOf(i) >= bins[0]));
  rows.push([`< ${bins[0]}`, below.length, shareRight(below, main.right)]);
  return table(['confidence', 'answers', 'right'], rows);
}

/** What a wrong answer was: the standard's name, 'not text' (null) or the raw name marked unknown. */
export const answerLabel = (result, i) => {
  const { name } = result.text.answers[i];
  return result.mapped[i] ?? (name == null ? 'not text' : `${name} (unknown)`);
};

/** The package's most frequent mistakes: true encoding → answer, with the count of samples. */
export function mistakes(set, main, count = 20) {
  const tally = new Map();
  set.samples.forEach((s, i) => {
    if (main.right[i]) return;
    const key = `${s.encoding} → ${answerLabel(main, i)}`;
    tally.set(key, (tally.get(key) ?? 0) + 1);
  });
  return table(['true → answer', 'samples'], [...tally].sort((a, b) => b[1] - a[1]).slice(0, count));
}
