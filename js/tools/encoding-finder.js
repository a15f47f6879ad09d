// Which encoding is this? The 40 encodings of the Encoding Standard with their labels, and a
// ranking of every encoding for a sample of bytes (errors first, then a simple plausibility score
// of the decoded text): the front end of the command-line transcoder's `--list` and `--sniff` and
// of the workbench's finder. It uses no internals: the caller passes in the package's TextDecoder
// and the standard's BOM sniff (`text-encoding-wasm/standard`'s bomSniff).

/** [name, space-separated labels] for every encoding, in the standard's order (encodings.json). */
export const ENCODINGS = [
  ["utf-8", "unicode-1-1-utf-8 unicode11utf8 unicode20utf8 utf-8 utf8 x-unicode20utf8"],
  ["ibm866", "866 cp866 csibm866 ibm866"],
  ["iso-8859-2", "csisolatin2 iso-8859-2 iso-ir-101 iso8859-2 iso88592 iso_8859-2 iso_8859-2:1987 l2 latin2"],
  ["iso-8859-3", "csisolatin3 iso-8859-3 iso-ir-109 iso8859-3 iso88593 iso_8859-3 iso_8859-3:1988 l3 latin3"],
  ["iso-8859-4", "csisolatin4 iso-8859-4 iso-ir-110 iso8859-4 iso88594 iso_8859-4 iso_8859-4:1988 l4 latin4"],
  ["iso-8859-5", "csisolatincyrillic cyrillic iso-8859-5 iso-ir-144 iso8859-5 iso88595 iso_8859-5 iso_8859-5:1988"],
  ["iso-8859-6", "arabic asmo-708 csiso88596e csiso88596i csisolatinarabic ecma-114 iso-8859-6 iso-8859-6-e iso-8859-6-i iso-ir-127 iso8859-6 iso88596 iso_8859-6 iso_8859-6:1987"],
  ["iso-8859-7", "csisolatingreek ecma-118 elot_928 greek greek8 iso-8859-7 iso-ir-126 iso8859-7 iso88597 iso_8859-7 iso_8859-7:1987 sun_eu_greek"],
  ["iso-8859-8", "csiso88598e csisolatinhebrew hebrew iso-8859-8 iso-8859-8-e iso-ir-138 iso8859-8 iso88598 iso_8859-8 iso_8859-8:1988 visual"],
  ["iso-8859-8-i", "csiso88598i iso-8859-8-i logical"],
  ["iso-8859-10", "csisolatin6 iso-8859-10 iso-ir-157 iso8859-10 iso885910 l6 latin6"],
  ["iso-8859-13", "iso-8859-13 iso8859-13 iso885913"],
  ["iso-8859-14", "iso-8859-14 iso8859-14 iso885914"],
  ["iso-8859-15", "csisolatin9 iso-8859-15 iso8859-15 iso885915 iso_8859-15 l9"],
  ["iso-8859-16", "iso-8859-16"],
  ["koi8-r", "cskoi8r koi koi8 koi8-r koi8_r"],
  ["koi8-u", "koi8-ru koi8-u"],
  ["macintosh", "csmacintosh mac macintosh x-mac-roman"],
  ["windows-874", "dos-874 iso-8859-11 iso8859-11 iso885911 tis-620 windows-874"],
  ["windows-1250", "cp1250 windows-1250 x-cp1250"],
  ["windows-1251", "cp1251 windows-1251 x-cp1251"],
  ["windows-1252", "ansi_x3.4-1968 ascii cp1252 cp819 csisolatin1 ibm819 iso-8859-1 iso-ir-100 iso8859-1 iso88591 iso_8859-1 iso_8859-1:1987 l1 latin1 us-ascii windows-1252 x-cp1252"],
  ["windows-1253", "cp1253 windows-1253 x-cp1253"],
  ["windows-1254", "cp1254 csisolatin5 iso-8859-9 iso-ir-148 iso8859-9 iso88599 iso_8859-9 iso_8859-9:1989 l5 latin5 windows-1254 x-cp1254"],
  ["windows-1255", "cp1255 windows-1255 x-cp1255"],
  ["windows-1256", "cp1256 windows-1256 x-cp1256"],
  ["windows-1257", "cp1257 windows-1257 x-cp1257"],
  ["windows-1258", "cp1258 windows-1258 x-cp1258"],
  ["x-mac-cyrillic", "x-mac-cyrillic x-mac-ukrainian"],
  ["gbk", "chinese csgb2312 csiso58gb231280 gb2312 gb_2312 gb_2312-80 gbk iso-ir-58 x-gbk"],
  ["gb18030", "gb18030"],
  ["big5", "big5 big5-hkscs cn-big5 csbig5 x-x-big5"],
  ["euc-jp", "cseucpkdfmtjapanese euc-jp x-euc-jp"],
  ["iso-2022-jp", "csiso2022jp iso-2022-jp"],
  ["shift_jis", "csshiftjis ms932 ms_kanji shift-jis shift_jis sjis windows-31j x-sjis"],
  ["euc-kr", "cseuckr csksc56011987 euc-kr iso-ir-149 korean ks_c_5601-1987 ks_c_5601-1989 ksc5601 ksc_5601 windows-949"],
  ["replacement", "csiso2022kr hz-gb-2312 iso-2022-cn iso-2022-cn-ext iso-2022-kr replacement"],
  ["utf-16be", "unicodefffe utf-16be"],
  ["utf-16le", "csunicode iso-10646-ucs-2 ucs-2 unicode unicodefeff utf-16 utf-16le"],
  ["x-user-defined", "x-user-defined"],
].map(([name, labels]) => ({ name, labels: labels.split(' ') }));

/** The length in bytes of the byte order mark of `encoding`, as the standard's BOM sniff names it (0 for null). */
export function bomLength(encoding) {
  return encoding === 'utf-8' ? 3 : encoding === null ? 0 : 2;
}

// A few hundred of the most frequent Han characters (simplified and traditional) and Hangul
// syllables: text decoded with the right CJK encoding is full of them, text decoded with a wrong
// one (valid byte pairs, other characters) mostly is not.
const COMMON = new Set(
  Array.from(
    '的一是不了在人有我他这个们中来上大为和国地到以说时要就出会可也你对生能而子那得于着下自之年过发后作里用道行所然家种事成方多经么去法学如都同现当没动面起看定天分还进好小部其些主样理心她本前开把但因只从想实日军者意无力它与长明问机相信重新提通最高正两外使点间位并月资电关期入老内加工平北政比全特向第名海体南由应此次已十二三四五六七八九百千万星系太阳球水火金木土山' +
      '這個們來為國時會對後發裡種經麼學現當動開實軍與長問機點間電關體應說過還進從頭東車見門語書區歷' +
      '이의다는에을하고가지기한로서사어리자수나대게도인정시아해일그적부들과전있를제주국상보으비라요성것만동했장여구원면분우거물소연경화개스마위년학생문중세미터행계내후유신실발오무식회선르',
  ),
);

/** The script of a letter, for the script-switch penalty (0: not a letter of these scripts). */
function script(cp) {
  if ((cp | 0x20) >= 0x61 && (cp | 0x20) <= 0x7a) return 1;
  if (cp >= 0xc0 && cp < 0x250 && cp !== 0xd7 && cp !== 0xf7) return 1;
  if (cp >= 0x370 && cp < 0x400) return 2;
  if (cp >= 0x400 && cp < 0x530) return 3;
  if (cp >= 0x590 && cp < 0x600) return 4;
  if (cp >= 0x600 && cp < 0x700) return 5;
  if (cp >= 0xe00 && cp < 0xe80) return 6;
  if (cp >= 0xac00 && cp < 0xd7a4) return 7;
  return 0;
}

/**
 * How plausible one code point is in real text: letters of any script, kana and frequent Han and
 * Hangul score up; controls, C1 controls, private use, halfwidth katakana, box drawing and U+FFFD
 * (typical of mojibake) score down.
 */
function weight(cp, ch) {
  if (cp < 0x80) {
    if (cp === 0x09 || cp === 0x0a || cp === 0x0d || cp === 0x20) return 0.5;
    if (cp < 0x20 || cp === 0x7f) return -3;
    if ((cp >= 0x30 && cp <= 0x39) || ((cp | 0x20) >= 0x61 && (cp | 0x20) <= 0x7a)) return 1;
    return 0.5;
  }
  if (cp < 0xa0) return -3;
  if (cp < 0xc0) return -0.5;
  if (cp < 0x250) return 0.5;
  if (cp >= 0x370 && cp < 0x700) return 1; // Greek, Cyrillic, Armenian, Hebrew, Arabic
  if (cp >= 0xe50 && cp < 0xe5a) return 0; // Thai digits (Thai text mostly uses ASCII ones)
  if (cp >= 0xe00 && cp < 0xe80) return 1; // Thai
  if (cp >= 0x1e00 && cp < 0x1f00) return 1; // Latin Extended Additional (Vietnamese)
  if (cp >= 0x2500 && cp < 0x2600) return -1; // box drawing, blocks, shapes
  if (cp >= 0x3000 && cp < 0x3040) return 1; // CJK punctuation
  if (cp >= 0x3040 && cp < 0x3100) return 2; // hiragana, katakana
  if (cp >= 0x4e00 && cp < 0xa000) return COMMON.has(ch) ? 2 : 0.25; // CJK unified ideographs
  if (cp >= 0xac00 && cp < 0xd7a4) return COMMON.has(ch) ? 2 : 0.5; // Hangul syllables
  if (cp >= 0xe000 && cp < 0xf900) return -3; // private use (x-user-defined's high bytes)
  if (cp >= 0xff01 && cp < 0xff5f) return 0.5; // fullwidth ASCII
  if (cp >= 0xff61 && cp < 0xffa0) return -1; // halfwidth katakana
  if (cp === 0xfffd) return -20;
  if (cp > 0xffff) return -0.5;
  return 0;
}

function isUpper(cp) {
  return (cp >= 0x41 && cp <= 0x5a) || (cp >= 0xc0 && cp <= 0xde && cp !== 0xd7) || (cp >= 0x410 && cp <= 0x42f);
}
function isLower(cp) {
  return (cp >= 0x61 && cp <= 0x7a) || (cp >= 0xdf && cp <= 0xff && cp !== 0xf7) || (cp >= 0x430 && cp <= 0x44f);
}

/**
 * The plausibility of `text`: the mean of weight() over its code points, less one for every
 * uppercase letter right after a lowercase one (a koi8-r/windows-1251 mix-up) and for every letter
 * right after a letter of another script (Cyrillic next to Latin: a wrong single-byte table).
 * Higher is more plausible.
 */
export function plausibility(text) {
  let sum = 0;
  let count = 0;
  let previousLower = false;
  let previousScript = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0);
    sum += weight(cp, ch);
    count++;
    if (previousLower && isUpper(cp)) sum -= 1;
    previousLower = isLower(cp);
    const s = script(cp);
    if (s !== 0 && previousScript !== 0 && s !== previousScript) sum -= 1;
    previousScript = s;
  }
  return count === 0 ? 0 : sum / count;
}

/** A preview of `text`: its first line with non-ASCII characters (else its first line), at most `max` characters. */
export function previewLine(text, max = 80) {
  const lines = text.split(/\r\n|\r|\n/);
  const line = lines.find((l) => /[^\x00-\x7f]/.test(l) && l.trim() !== '') ?? lines.find((l) => l.trim() !== '') ?? '';
  const chars = Array.from(line.trim());
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : chars.join('');
}

/**
 * Decodes `bytes` (a sample: stream mode, so a character cut at the end is no error) with every
 * encoding and ranks them, best first: by score, in which errors weigh heavily. Each entry: { encoding, bom (true for the BOM-sniffed
 * encoding, always first), fatal (true when a fatal decode fails), replacements (U+FFFD count
 * when fatal failed, else 0), score (plausibility(), where each U+FFFD weighs -20), preview }.
 * The replacement encoding, which no file is in, is always last. `bomSniff` is the standard's.
 */
export function rankEncodings(bytes, TextDecoder, bomSniff) {
  const bom = bomSniff(bytes);
  const rows = ENCODINGS.map(({ name }, order) => {
    // TextDecoder refuses the replacement encoding, which turns any input into one U+FFFD.
    const replacement = name === 'replacement';
    const text = replacement ? (bytes.length > 0 ? '\ufffd' : '') : new TextDecoder(name).decode(bytes, { stream: true });
    let fatal = replacement && bytes.length > 0;
    try {
      if (!replacement) new TextDecoder(name, { fatal: true }).decode(bytes, { stream: true });
    } catch {
      fatal = true;
    }
    let replacements = 0;
    if (fatal) for (let i = text.indexOf('\ufffd'); i >= 0; i = text.indexOf('\ufffd', i + 1)) replacements++;
    const score = plausibility(text);
    return { encoding: name, bom: name === bom, fatal, replacements, score, preview: previewLine(text), order };
  });
  const rank = (r) => (r.bom ? 0 : r.encoding === 'replacement' ? 2 : 1);
  // Ties (the same text) go to the most used encoding first: UTF-8, then windows-1252.
  const tie = (r) => (r.encoding === 'utf-8' ? -2 : r.encoding === 'windows-1252' ? -1 : r.order);
  rows.sort((a, b) => rank(a) - rank(b) || b.score - a.score || tie(a) - tie(b));
  return rows.map(({ order, ...row }) => row);
}
