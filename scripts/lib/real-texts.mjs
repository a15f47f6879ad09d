// The real-text set of `npm run eval:detect` (scripts/eval-detect.mjs): documents that others wrote
// in their original encodings, taken from Debian's packages (bookworm). Owns the manifest (each
// file's package, path, true encoding, language, kind, the package's license and the file's
// sha256), which of them are re-encoded as UTF-16 per script, and the fetching: `apt-get download`
// into .cache/eval-detect/debs/, the listed files taken out of the .deb with dpkg-deb, each checked
// against its pinned sha256. The files are never committed.
//
// The sha256 is that of the text: of a `.gz` file, of its decompressed content. A package's version
// changes with Debian's updates; a file that changed or went away stops the run with its name.
//
// Kinds: 'plain' (prose, read-me files, help texts, tutorials), 'html', 'tex' (LaTeX sources),
// 'vim script' (Vim's menu translations), 'tcl script' (Scid's translations), 'mail' (a Usenet
// article), 'ui strings' (translation tables of programs: key = text lines), 'po' (gettext
// catalogs), 'xml', 'sgml' (LinuxDoc manuals), 'word list' (spelling and hyphenation dictionaries,
// a thesaurus, chess openings' names).
//
// Each file was checked: it decodes with its encoding without U+FFFD, and reads right (against the
// package's UTF-8 version where there is one). Exact duplicates are listed once (Vim's tutor.no is
// tutor.nb, tutor.hu.cp1250 is tutor.hu); Vim's menu files that only `source` another are left out.
//
// Not used, on purpose: the test data of encoding detectors (chardet's test-data repository,
// uchardet's test/, the test files of the chardet, cchardet, faust-cchardet and uchardet packages),
// since detectors are tuned on them; files whose lines mix two encodings (HTTrack's Polski.txt and
// Slovak.txt); a text transcoded by a test suite into an encoding its language is not written in
// (golang.org/x/text's French Candide in GB18030); CPython's cp949.txt (a list of odd characters, not
// text); the TeX Live packages of more than 10 MB whose files' encodings other packages cover
// (texlive-base, -humanities-doc, -latex-extra-doc, and -lang-chinese, -czechslovak, -french,
// -german, -greek, -japanese, -portuguese, -spanish).

import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

/**
 * The manifest, per Debian package: the license of the files used, the folder they are in, and
 * per file [path under that folder (a .gz is decompressed), true encoding (the standard's name),
 * language (BCP 47), kind, sha256 of the text]. Adding a file is one line; a package, one block.
 */
const SOURCES = [
  // Vim's tutor in its legacy encodings (and some UTF-8 ones) and Vim's menu translations (Vim script)
  {
    package: 'vim-runtime',
    license: 'Vim',
    dir: 'usr/share/vim/vim90',
    files: [
      ['tutor/tutor.bar', 'windows-1252', 'bar', 'plain', '2204e8e85217dd6171a7fa7ac15009f8e1b71cd3c57180900acbeb5feb562d90'],
      ['tutor/tutor.ca', 'windows-1252', 'ca', 'plain', '23798ddedf19a0362ab4d7be369056a2567b90641935772dcfe7003a716c1d3a'],
      ['tutor/tutor.da', 'windows-1252', 'da', 'plain', '5e8f9ad8c2d52e91cfa93997bd7488199a31df63bcab58438a8be47f10a78715'],
      ['tutor/tutor.de', 'windows-1252', 'de', 'plain', '788c05b68e5a1f778f3624709427387269ed4e5ea45b76bf5ee849073471567b'],
      ['tutor/tutor.es', 'windows-1252', 'es', 'plain', '511d9d2d96bceda43743c9a2afe4b643aa9654b0c0b6d329f34288c8e685e87b'],
      ['tutor/tutor.fr', 'windows-1252', 'fr', 'plain', '976dd37e816585dbe04c6953ec5303553b4cd342512dcadd64bd4981c0bbc08d'],
      ['tutor/tutor.it', 'windows-1252', 'it', 'plain', '030baf39295c40d25eda1396452ba079237ee30481c78c3bb2ea588906aa1db4'],
      ['tutor/tutor.nb', 'windows-1252', 'nb', 'plain', 'ca54b8bb1ca32cf24d2df2e64b5044c7bbee44e0420b9baff550eadad1e6ef3f'],
      ['tutor/tutor.nl', 'windows-1252', 'nl', 'plain', '9cd45c6e06c23253e66513bb2f0afdbd0a6873fd6f5eb867b155186576620895'],
      ['tutor/tutor.pt', 'windows-1252', 'pt', 'plain', '60111b2e646d8f0a99a31bd86153108ffc106bcd3d3fc0c04f233edde4c6b13f'],
      ['tutor/tutor.sv', 'windows-1252', 'sv', 'plain', '7e12d29ab3b59aa86ac0938c2dd97d67f6f14c513c716d3f454e2a2f56c4e423'],
      ['tutor/tutor.cs', 'iso-8859-2', 'cs', 'plain', 'b98a72eccc5fcd549c2958a5882f6aae6e5f5567af3dd2915d37775915e54c6e'],
      ['tutor/tutor.hr', 'iso-8859-2', 'hr', 'plain', '52cde009129e163951d49cbad63aaec2bb706f504c973f4a27a8e0346c9ebda0'],
      ['tutor/tutor.hu', 'iso-8859-2', 'hu', 'plain', 'dd62d99f698e0175dcf86febaa0fefe07a1874a06c7542cc2b9a067a5326ad7d'],
      ['tutor/tutor.pl', 'iso-8859-2', 'pl', 'plain', '23ccad16466de7c82ed29199d3f2b238f7da0876b21e76d980afb2089477a913'],
      ['tutor/tutor.sk', 'iso-8859-2', 'sk', 'plain', 'e304e4a58e719256a066832d7cdc9c99cc7c02baddf46d85c2f69b1c922e7f36'],
      ['tutor/tutor.cs.cp1250', 'windows-1250', 'cs', 'plain', 'd718f62bb76c0a7300b7915b5336814ba2496c21d65fd7062735e59e21b1b1e4'],
      ['tutor/tutor.hr.cp1250', 'windows-1250', 'hr', 'plain', 'e7b7be5de4931ed975441ed1852cd5dc75fb5b39ebb22d639b25d2a33e8602c4'],
      ['tutor/tutor.pl.cp1250', 'windows-1250', 'pl', 'plain', '78c7df7eecf61875fd628248d794b854c893b19d1c8cd001624c97d9f515320c'],
      ['tutor/tutor.sk.cp1250', 'windows-1250', 'sk', 'plain', '4c804f309e1e8ef3465555e266caa11bb5b49cf7f9355359c5f5fb4e43882169'],
      ['tutor/tutor.sr.cp1250', 'windows-1250', 'sr', 'plain', '8c1b52b21e1a6f9a11979112969d8d653534766a35a9ab2eb367c0fc1e488c86'],
      ['tutor/tutor.eo', 'iso-8859-3', 'eo', 'plain', 'e0188a3e94e49dc9ddc53db8aa7b61d6a907b8835f0f5d9e4f1149807b5bcd36'],
      ['tutor/tutor.el', 'iso-8859-7', 'el', 'plain', '3045c887b60218e1a87272ce7217aba7e4dde0fabba0f69bc0e9753fbad9eaa1'],
      ['tutor/tutor.ru', 'koi8-r', 'ru', 'plain', '62e5efeae5b262d68a78033a5430febebe77bd91085cb550ba5ff5c5b5fcd4d8'],
      ['tutor/tutor.ru.cp1251', 'windows-1251', 'ru', 'plain', '94b3d73e0f81579567a728cc896aa1ec60760e635d45ed4c4bd0876e939358b3'],
      ['tutor/tutor.tr.iso9', 'windows-1254', 'tr', 'plain', 'fde1e269f12aae4beadb9eb453e58265afa1dc0dbebc4ca83b63274dda9ec850'],
      ['tutor/tutor.ja.euc', 'euc-jp', 'ja', 'plain', '5ef4874155d8ea442340e6be412208b84a3ff02da7915804b54f7a75aa62e733'],
      ['tutor/tutor.ja.sjis', 'shift_jis', 'ja', 'plain', '9b5ce3da24a9b7e7ac1fcdeaeb1520f7b376cb13d4118b0dbb7b12f558b66742'],
      ['tutor/tutor.ko.euc', 'euc-kr', 'ko', 'plain', 'd40ab1efbbbb7b80833efcd2fa7ef4cdb69b57e197a7f23d2ae3e20f5b302450'],
      ['tutor/tutor.zh.big5', 'big5', 'zh-TW', 'plain', 'f229f53da93b29cdcb0f5c24e4a16118a58f052a0dc4afd75fe2dcdaa7bd2e23'],
      ['tutor/tutor.zh.euc', 'gbk', 'zh-CN', 'plain', '14401d0138ca9f35931b4a68e248d875a017351a4003366a4857658fd66a07d2'],
      ['tutor/tutor.bg.utf-8', 'utf-8', 'bg', 'plain', '03b28c82f55efbcfb708dfb33c2b9e9f038b414d67cb157e77fb72359a006269'],
      ['tutor/tutor.el.utf-8', 'utf-8', 'el', 'plain', 'ebcec4f9face6adc820071e668f294a808e8033c9a89587d7599fbc9cc31d8d5'],
      ['tutor/tutor.ja.utf-8', 'utf-8', 'ja', 'plain', 'bed69414b27d2707beedc3306451fb3456ea08330195f125dc6e980ba610b0bd'],
      ['tutor/tutor.lv.utf-8', 'utf-8', 'lv', 'plain', 'd27fe7c2ea74fd6fc239cfe1a7bbd3ead15d3be6af7e02bd0dac9b518031394c'],
      ['tutor/tutor.uk.utf-8', 'utf-8', 'uk', 'plain', 'ca7e185ca62f9df6383027566137099cbcdbdc744f7f28026632d148a263f391'],
      ['tutor/tutor.vi.utf-8', 'utf-8', 'vi', 'plain', '115d2d6c69c1834af02df0d7ccbaaeaff092ad203b95b77a260d58e91e74c70c'],
      ['lang/menu_af_af.latin1.vim', 'windows-1252', 'af', 'vim script', '50bb96c99938fcb3c0ad0e48554d24f85433a7cfd239cdbb9400d0e081e197bb'],
      ['lang/menu_ca_es.latin1.vim', 'windows-1252', 'ca', 'vim script', '925445749426acc2bddd05a451968007078f375867d6d4b2ab1ad1c89c651fc8'],
      ['lang/menu_de_de.latin1.vim', 'windows-1252', 'de', 'vim script', '643d2803b2c72c818ef6774f15210ba5d41d8605d61fc91e115c7c280ceb1ffa'],
      ['lang/menu_es_es.latin1.vim', 'windows-1252', 'es', 'vim script', '9dd63f37df5c66fe315d3a46d7feab97594b32008bcf25c2aebb0464126c6474'],
      ['lang/menu_fi_fi.latin1.vim', 'windows-1252', 'fi', 'vim script', '61018e50125548e456623e6e588fcd8bd5ebc34b3dda687a5356c5243049b875'],
      ['lang/menu_fr_fr.latin1.vim', 'windows-1252', 'fr', 'vim script', '22ee5808d3148e2e7fca20fecef36d4ec16757027af6cc108c7c1c4e50b603af'],
      ['lang/menu_is_is.latin1.vim', 'windows-1252', 'is', 'vim script', 'acba2770c09bb2dab5f6381a11919471f7ff8f6480f5e2afc86b9cb61746eda5'],
      ['lang/menu_it_it.latin1.vim', 'windows-1252', 'it', 'vim script', 'c909e8358ab5752b22e3794b376f23b5dc539f4b13ec4c9bf0f523f752924a10'],
      ['lang/menu_no_no.latin1.vim', 'windows-1252', 'no', 'vim script', 'a2c80814ff7944dd45d8e52fee7a146c61fc3c15062d1db9be20f056544acfbf'],
      ['lang/menu_pt_br.vim', 'windows-1252', 'pt-BR', 'vim script', 'bf5f4884f80359fa14bb4fa9bcc30ec7501b10a1124cdfb6b1df416d129bad51'],
      ['lang/menu_pt_pt.vim', 'windows-1252', 'pt', 'vim script', 'bfcb3d5ceb005e71ead2d1b4ed404f3dfa0c1d6ddebf0cd5e62370ab5d5768b1'],
      ['lang/menu_sv_se.latin1.vim', 'windows-1252', 'sv', 'vim script', '4d9b9b04f9f6cd1c7368c95999bff63db4f6bd74fb2cb7ff75e0adf306101e34'],
      ['lang/menu_cs_cz.iso_8859-2.vim', 'iso-8859-2', 'cs', 'vim script', 'a8a56b25c852692f3b6acfe235b59948bbd4e5843e22391660929abe597f8e1c'],
      ['lang/menu_hu_hu.iso_8859-2.vim', 'iso-8859-2', 'hu', 'vim script', '372734c35f4dede9d5c923fa3b1d36feb105ae10f745cb3af4cc481a4fbc0d3a'],
      ['lang/menu_pl_pl.iso_8859-2.vim', 'iso-8859-2', 'pl', 'vim script', '0c5bfe7fea996373ab8709cbeef6e830429de8d02a73a762293550396353fe44'],
      ['lang/menu_sk_sk.iso_8859-2.vim', 'iso-8859-2', 'sk', 'vim script', 'e77be7a2f79f1c2149c652813b9400ce44ac430b2bfc7f447e0033925cea452a'],
      ['lang/menu_sl_si.latin2.vim', 'iso-8859-2', 'sl', 'vim script', 'c476236390056b8dc3333ccec945b5ee4c3cdc96a664b465704097d65a617124'],
      ['lang/menu_sr_rs.iso_8859-2.vim', 'iso-8859-2', 'sr', 'vim script', '5490845b073bee587500725e67e1560525c29a64784d085866d4231a90eded7d'],
      ['lang/menu_czech_czech_republic.1250.vim', 'windows-1250', 'cs', 'vim script', '0f0e46978459159d123deaf8b80dd23b1bdef0c3ed6476e70dd4218b4f514331'],
      ['lang/menu_polish_poland.1250.vim', 'windows-1250', 'pl', 'vim script', 'e29a570c5575a3b78cfa52943a886aadc8687c5c87fcc5d7b37255c83e8912cc'],
      ['lang/menu_slovak_slovak_republic.1250.vim', 'windows-1250', 'sk', 'vim script', 'a8c10848a0e962ca84ee7bc830103a7aa4a7a055c7c75d40980f11474567f4be'],
      ['lang/menu_sl_si.cp1250.vim', 'windows-1250', 'sl', 'vim script', '1bf11aab3e5d4d05464c48cfbc45e9b2c19a49afa9cce396158bf977f07ea724'],
      ['lang/menu_sr_rs.iso_8859-5.vim', 'iso-8859-5', 'sr', 'vim script', 'e000ed04b7796c869dd76b23f384887fc048ff4979fd022cd2bb591371dd3b37'],
      ['lang/menu_ru_ru.koi8-r.vim', 'koi8-r', 'ru', 'vim script', '55abcadd611fbf76c242c822e45c98079fd5a73792c36b6bf31cf6e27c45d825'],
      ['lang/menu_uk_ua.koi8-u.vim', 'koi8-u', 'uk', 'vim script', '74e08435cc0c7b804e0601d1cb69f713b827a688086c372c5cae1e5ec1fa8580'],
      ['lang/menu_uk_ua.cp1251.vim', 'windows-1251', 'uk', 'vim script', 'c4560767c913bf73624c9fe43a0b18745709005b7f09ab38dfb9def41db59d27'],
      ['lang/menu_tr_tr.cp1254.vim', 'windows-1254', 'tr', 'vim script', 'cfe276050a011d9ea2b0d0ce6dbb32d9dfe4b6cdce335fc94cc0d22aed9151d9'],
      ['lang/menu_tr_tr.iso_8859-9.vim', 'windows-1254', 'tr', 'vim script', '0c02e4a38f43d9c61aa850baaab280999313170b91d3f780f3b499bbd23196a4'],
      ['lang/menu_ja_jp.euc-jp.vim', 'euc-jp', 'ja', 'vim script', '1306d3b60278e45d77af052490709d937bef716b40a04fab366dfa132f6f4fc5'],
      ['lang/menu_japanese_japan.932.vim', 'shift_jis', 'ja', 'vim script', '5f716a00548c90c5329eb1712bfebdb325b4f77e98ca2aa9e603d9da37efbdf5'],
      ['lang/menu_ko_kr.euckr.vim', 'euc-kr', 'ko', 'vim script', 'b1ce665f0247fc7194840d7bb1e7e241724b7dc96b3960a70f8e1471fb21f148'],
      ['lang/menu_chinese_gb.936.vim', 'gbk', 'zh-CN', 'vim script', 'd4c026b0572ef708c4681749f732d4b95543f40df7a41cfe65d74a3814e500d5'],
      ['lang/menu_chinese_taiwan.950.vim', 'big5', 'zh-TW', 'vim script', '441d8e29db9f8158ef83c21cb34f333a39fd9e1bf01cb5e97c4f1250f945af49'],
    ],
  },
  // Emacs's tutorial: Japanese in ISO-2022-JP, the others UTF-8
  {
    package: 'emacs-common',
    license: 'GPL-3+',
    dir: 'usr/share/emacs/28.2/etc/tutorials',
    files: [
      ['TUTORIAL.ja', 'iso-2022-jp', 'ja', 'plain', '83a1391fa6fb227b38859269aa23689359f501c5b8e5fc1c333e6b386824fe23'],
      ['TUTORIAL.bg', 'utf-8', 'bg', 'plain', '15c4f907ce88568bb095bf26de4a8de0724bda6d8d5c213afaccefa50d7297b7'],
      ['TUTORIAL.cn', 'utf-8', 'zh-CN', 'plain', 'ba736f005b6025797c385fe9ba9bf9d96f9f083b2bb20883cd303b20c5b8a36b'],
      ['TUTORIAL.cs', 'utf-8', 'cs', 'plain', 'a64456aec03daf03edb604ecfb9beb4de49cc14836fe5c43ee3120895b3a2dcc'],
      ['TUTORIAL.de', 'utf-8', 'de', 'plain', 'bd284f652e7326bf8bdc12688145b89e366aa57bd2f5b265e1e94557492efc72'],
      ['TUTORIAL.eo', 'utf-8', 'eo', 'plain', '148ea5803b06de47e118f37e65614dc17120fdd085781c96fd40bb0bcca0f4dd'],
      ['TUTORIAL.es', 'utf-8', 'es', 'plain', '747f32d4c126e21075fa6fa8550a1e0d6f2bd18bbc35b0d0e3d3e4fadd736db6'],
      ['TUTORIAL.fr', 'utf-8', 'fr', 'plain', 'a02768824d0ce64baeb8b045c98102d8b0eca8f000b9b431d093261b912e54e1'],
      ['TUTORIAL.he', 'utf-8', 'he', 'plain', '80dcfaaeb45f5522358838988a1c9b4e45e0ab8f58b9932e8f57c849cf7047ca'],
      ['TUTORIAL.ko', 'utf-8', 'ko', 'plain', 'f0d56bfbd35b9ffe00975d2da73de21610f3f054a351e12f2d0e507a14fb8dfe'],
      ['TUTORIAL.pl', 'utf-8', 'pl', 'plain', 'c62a9d34cdd74af69de57000d6f4d98da49e71d2c06ddd2b8e22e3da03e26559'],
      ['TUTORIAL.ro', 'utf-8', 'ro', 'plain', '529e66bb93f03bdd1c2f10a58aead777c997ce4144cfd2068f7c180c6bbadf55'],
      ['TUTORIAL.ru', 'utf-8', 'ru', 'plain', 'a65ca45f72c7c96229773bb2850d79342d39e5383cd8fc17a6416831582e7eea'],
      ['TUTORIAL.th', 'utf-8', 'th', 'plain', 'bd9af271d801b3a465f3d6cf8b89b8bf16425b2be5d4cc933477045b7772792c'],
      ['TUTORIAL.zh', 'utf-8', 'zh-TW', 'plain', '482cb0d0e2bd57805f1e7f1ff964763f1a1082b556cefa943dd367e36160f089'],
    ],
  },
  // w3m's manual and story, as web pages (UTF-8)
  {
    package: 'w3m',
    license: 'w3m (MIT-like)',
    dir: 'usr/share/doc/w3m',
    files: [
      ['ja/MANUAL.html', 'utf-8', 'ja', 'html', '029ca2f1c7a6ddca33382dda4a36fdb785cd225a9e430d17bd4e539c8be422ed'],
      ['ja/STORY.html', 'utf-8', 'ja', 'html', 'b8f186cad7d5492d9317cdf0eea8c1830abd968078af89b7e59aeb2de0d14de6'],
      ['de/MANUAL.html', 'utf-8', 'de', 'html', '26c8e87feb9cd47eb397482d1dd13bef951d99ee9b72c03e1925b00ec893897f'],
    ],
  },
  // the CJK package for LaTeX: Chinese examples, read-me files and a Usenet article (Big5, GB)
  {
    package: 'latex-cjk-chinese',
    license: 'GPL-2+',
    dir: 'usr/share/doc/latex-cjk-common',
    files: [
      ['examples/Big5.tex', 'big5', 'zh-TW', 'tex', 'a1ad29900ae4e0340f8670dbb0077713180f8cf6a8d03f3c8eca8474099908ee'],
      ['examples/GB.tex', 'gbk', 'zh-CN', 'tex', '9a43da95d910d57cd47274729ee50c5d4386a7bcc69430b04827e15eee31848c'],
      ['chinese/READMEb5.tex.gz', 'big5', 'zh-TW', 'tex', '34bde759bdb8973dbcc270f9d07b51ed9808539b7cfb24f76b658276a38c9b71'],
      ['chinese/READMEgb.tex', 'gbk', 'zh-CN', 'tex', '4255ab0e28a945976af1d3879a6b70486238d1ff1777ba713d6880b04352b9a5'],
      ['chinese/teTeXb5.txt.gz', 'big5', 'zh-TW', 'plain', '3e0890487c05ee977bf0c84da81b5babcccd97abd1aea60c4623e9133cae29ad'],
      ['chinese/emTeXb5.txt.gz', 'big5', 'zh-TW', 'mail', '1d401fca2b2e1ddd430a0be83d58e138e387f8fee2e4bef921908287a086d7c7'],
    ],
  },
  // the CJK package for LaTeX: Japanese examples and notes
  {
    package: 'latex-cjk-japanese',
    license: 'GPL-2+',
    dir: 'usr/share/doc/latex-cjk-common',
    files: [
      ['examples/SJIS.tex', 'shift_jis', 'ja', 'tex', '1cebb76523a9db1431afd7114a233da1792da171c89c9b2174e62c18f93002ff'],
      ['examples/JIS.tex', 'euc-jp', 'ja', 'tex', '742753f01312ade257c2d609c78a5ee5c2daca2b165b9226680fb07079161e9e'],
      ['japanese/japanese.jis.gz', 'iso-2022-jp', 'ja', 'plain', '1cd3a9c273257a366864bde2b69479868f698b0c0f7d5d3d7fb9d03d681c7505'],
    ],
  },
  // the CJK package for LaTeX: the Korean example
  {
    package: 'latex-cjk-korean',
    license: 'GPL-2+',
    dir: 'usr/share/doc/latex-cjk-common/examples',
    files: [
      ['KS.tex', 'euc-kr', 'ko', 'tex', 'e4c1f9f51c1657b762460b1da592a67a0d0ef9a2c9a7bbac5aa3ef2ea9b2f871'],
    ],
  },
  // the CJK package for LaTeX: an example in GB
  {
    package: 'latex-cjk-common',
    license: 'GPL-2+',
    dir: 'usr/share/doc/latex-cjk-common/examples',
    files: [
      ['CJKfntef.tex', 'gbk', 'zh-CN', 'tex', '9490cea3361112cedcdf733c08e736ca643ed7157fc13ee0e585852cbb0e9b5c'],
    ],
  },
  // CPython's CJK codec texts (a paragraph about Python per encoding)
  {
    package: 'libpython3.11-testsuite',
    license: 'PSF-2.0',
    dir: 'usr/lib/python3.11/test/cjkencodings',
    files: [
      ['big5.txt', 'big5', 'zh-TW', 'plain', '43c21b213b1fc167b642af992768ac2249680e57247ff539999d9060094342d7'],
      ['euc_jp.txt', 'euc-jp', 'ja', 'plain', 'ba0998b7a6a1b2fc45f847dbea1d2f9dc889104832b0042b5ebe335e677efd30'],
      ['euc_kr.txt', 'euc-kr', 'ko', 'plain', '5bc47b4bc6d60577ca938da25b3ae68271de889b383b4cfbac55d8e41d476390'],
      ['gb2312.txt', 'gbk', 'zh-CN', 'plain', '6e4ceb607215ff447544cb0d785493e1e855852f874af7c67d8e8afe859f5395'],
      ['gbk.txt', 'gbk', 'zh-CN', 'plain', 'b91e1c1c38b7150cbc174a2f0c06bd1d60a411222d09e21927254b7a86103948'],
      ['gb18030.txt', 'gb18030', 'zh-CN', 'plain', 'e4de892443028c3f230ab37e0c658f5bd0246b07147005580c2904b733ecf4fc'],
      ['iso2022_jp.txt', 'iso-2022-jp', 'ja', 'plain', '4fd472cf3011f3f9d3b072eac5592b4c58c7895ed2c41763590258ee8551ef7a'],
      ['shift_jis.txt', 'shift_jis', 'ja', 'plain', '73cdabebfb92b4eaf6b8af8442953da1041fa8141a0513279b8df215879d4246'],
    ],
  },
  // Zamenhof's Proverbaro (Esperanto proverbs) in ISO-8859-3
  {
    package: 'fortunes-eo-iso3',
    license: 'public domain (the proverbs); GPL (the collection)',
    dir: 'usr/share/games/fortunes/eo-iso3',
    files: [
      ['proverbaro', 'iso-8859-3', 'eo', 'plain', '6acf7ad9e05d9529cd46ee2b0828a35d84fd8b886684ad31cb6d8e03d960ed32'],
    ],
  },
  // the Arabic dictionary's read-me and to-do notes
  {
    package: 'hunspell-ar',
    license: 'GPL-2+ / LGPL-2.1 / MPL-1.1',
    dir: 'usr/share/doc/hunspell-ar',
    files: [
      ['TODO-ar', 'utf-8', 'ar', 'plain', '7770c3a9175f60848f5c5600eeb8e762298b158d3b27130de14503f40f7a9752'],
      ['README-ar', 'utf-8', 'ar', 'plain', '700bce63187235b0d48a07f57fbbe7bd4b3f6c66d2fb7a5c66cc8cca3e288ac5'],
    ],
  },
  // golang.org/x/text's literature texts: Rashomon, Sunzi, a Korean short story, Candide
  {
    package: 'golang-golang-x-text-dev',
    license: 'BSD-3-Clause',
    dir: 'usr/share/gocode/src/golang.org/x/text/encoding/testdata',
    files: [
      ['candide-windows-1252.txt', 'windows-1252', 'fr', 'plain', '6ae25dd19c723da0eb12425307d68b1e69c46ff363608f92f422a0fa9977165e'],
      ['rashomon-euc-jp.txt', 'euc-jp', 'ja', 'plain', '1aa32986757aef6673e9f97f373837d6f92110885137ddedafafdea947ea952d'],
      ['rashomon-shift-jis.txt', 'shift_jis', 'ja', 'plain', '7273d82baf3457692d7e3d778b7b37659627d14859273bae45af7493ea219008'],
      ['rashomon-iso-2022-jp.txt', 'iso-2022-jp', 'ja', 'plain', 'e9b6348c5269bfb97b1d3eb63834d6d45e01728442e2a0930b5f9c2e57bd57eb'],
      ['sunzi-bingfa-simplified-gbk.txt', 'gbk', 'zh-CN', 'plain', 'd39ac65d1a0e0c7be459dfcf23de119cc289708298fbcd095b192dd39445d1e5'],
      ['sunzi-bingfa-traditional-big5.txt', 'big5', 'zh-TW', 'plain', '23257f9df2459e939b4a7650129073fb8f2857900029aec3f19a02be01518319'],
      ['unsu-joh-eun-nal-euc-kr.txt', 'euc-kr', 'ko', 'plain', '9c04f195648cc1390e189ae054db8ba2c7d5443292b971dcb626eba6d553ca19'],
    ],
  },
  // flexi-streams' texts: Kafka, a Russian notice, Hebrew (visual order)
  {
    package: 'cl-flexi-streams',
    license: 'BSD-2-Clause',
    dir: 'usr/share/common-lisp/source/cl-flexi-streams/test',
    files: [
      ['kafka_cp1252_lf.txt', 'windows-1252', 'de', 'plain', '66ec352722267c11245077579b98d18202773236b0688ba597f3ece52dced08d'],
      ['russian_koi8r_lf.txt', 'koi8-r', 'ru', 'plain', 'e086b3252fbde7b10930a1a98aa40f8e89aa3c4580bb95f605bdb6dadc5eac12'],
      ['hebrew_latin8_lf.txt', 'iso-8859-8', 'he', 'plain', 'e5599b7e86650f7aec5884359632d7de459aa812dfc5d14c987c9e8171fa5398'],
    ],
  },
  // e2ps's Japanese read-me
  {
    package: 'e2ps',
    license: 'GPL-2+',
    dir: 'usr/share/doc/e2ps',
    files: [
      ['README.sjis.gz', 'shift_jis', 'ja', 'plain', 'e51196aaf97b38f00286ccad081f2952027c8ab0e9c70a7446a7626b5cad9952'],
      ['README.euc.gz', 'euc-jp', 'ja', 'plain', '1866d647887d0932056193891bd44c7f082380009feacd726ac0e802ea34f421'],
    ],
  },
  // Arphic's announcement and license, in Big5 and GB
  {
    package: 'fonts-arphic-bkai00mp',
    license: 'Arphic Public License',
    dir: 'usr/share/doc/fonts-arphic-bkai00mp',
    files: [
      ['ANNOUNCE.Big5', 'big5', 'zh-TW', 'plain', 'c8f796240e696a9448ded6a3e3792320012eae12dd831ecf9af8a4659c9d89c2'],
      ['ANNOUNCE.GB', 'gbk', 'zh-CN', 'plain', '35e3d3953eb64c871e32b7355a1c83c54415915d3a87b977016ddc59ac885176'],
      ['license/big5/ARPHICPL.TXT', 'big5', 'zh-TW', 'plain', '235424741c3f9bc0936e04b23e78f71cf999f7d5430183ed1b32c5bafcf5d4d9'],
      ['license/gb/ARPHICPL.TXT', 'gbk', 'zh-CN', 'plain', '0f4119eb7a7bbbb1326b7a904f5bc1aa5d368ad1facc6bf9b8b2a410e414df47'],
    ],
  },
  // cwTeX's change log
  {
    package: 'fonts-cwtex-docs',
    license: 'GPL-2+',
    dir: 'usr/share/doc/fonts-cwtex-docs',
    files: [
      ['Changes-big5.txt', 'big5', 'zh-TW', 'plain', 'd49a2a8a7969ddc8a6156a7212788b1a37a42b41d3303bb0558e0eacc5ec7ec0'],
    ],
  },
  // fookb's Russian read-me
  {
    package: 'fookb',
    license: 'GPL-2+',
    dir: 'usr/share/doc/fookb',
    files: [
      ['README.russian.koi8-r', 'koi8-r', 'ru', 'plain', '191cddc5d55636f7bfdb278660f53c585a6f03bd81f9c1833b36071c63751e5a'],
    ],
  },
  // gtans's help texts
  {
    package: 'gtans',
    license: 'GPL-2+',
    dir: 'usr/share/games/gtans',
    files: [
      ['gtanshelpcs.txt', 'iso-8859-2', 'cs', 'plain', '0ac6d0ae4cd6d52747ce4bf9c5476dbd3526c70bf405b71cb27c07ce8d04d6ec'],
      ['gtanshelppl.txt', 'iso-8859-2', 'pl', 'plain', '4723cd1105a922a27dfa69e56c3c6337ce654f89ad67eb9aa7a06d6cbfa70ea4'],
      ['gtanshelpde.txt', 'windows-1252', 'de', 'plain', '515fa655bb716c5e230a88d15540f73909767b3f667bfbc8da75e80f350c082f'],
      ['gtanshelpes.txt', 'windows-1252', 'es', 'plain', '56ec66238442b0578450d228cabd7cb4128daff755eac564f5eaf55e68d57a53'],
      ['gtanshelpfr.txt', 'windows-1252', 'fr', 'plain', 'c1bc378877b19a9f763fb1fcffa93cf78179af8e27cbd873b7923eeae9a46d62'],
      ['gtanshelpja.txt', 'euc-jp', 'ja', 'plain', '99e35c54c379621103c3a08130f632e226b17254e72428fa805221523f429f39'],
      ['gtanshelpru.txt', 'koi8-r', 'ru', 'plain', '4c6fbb023bd56c435f1beae7e4e21b0303e87f55a7f4d58ee1caf32f2109bb75'],
      ['gtanshelpuk.txt', 'koi8-u', 'uk', 'plain', 'f7e162697921a52e6b80dadced7cda2cc3ace9372abd1728315d54676375a893'],
      ['gtanshelpzh_TW.Big5.txt', 'big5', 'zh-TW', 'plain', 'd25063e3bcf391e426c93964fd0612d5a4b6f83f178c8be79751ea0c8995bbc2'],
    ],
  },
  // HTTrack's translations of its interface
  {
    package: 'webhttrack-common',
    license: 'GPL-3+',
    dir: 'usr/share/httrack/lang',
    files: [
      ['Cesky.txt', 'windows-1250', 'cs', 'ui strings', 'e8ccb4835f8a1f966dd84f2ba9e9ef754fe74997d6d64516f10bdd7c2c384eca'],
      ['Croatian.txt', 'windows-1250', 'hr', 'ui strings', 'd3445e6778b4b6ac105d87abe4aaca0a3995210b4e205b0939592b8566c07d08'],
      ['Slovenian.txt', 'windows-1250', 'sl', 'ui strings', '4c0f52c7af96c1a204b2fa68eea5a2e761c246c8724bcf2c1a8875108b0be733'],
      ['Macedonian.txt', 'windows-1251', 'mk', 'ui strings', 'd85efeae1ff9baf4b16c39350ab7b670a0cd68dca8fb55417f956c773b9bfbf4'],
      ['Ukrainian.txt', 'windows-1251', 'uk', 'ui strings', '16172e6065ac5705351a0fe4532bf115dcfc4587e4767435e0dc4e03450be2d5'],
      ['Bulgarian.txt', 'windows-1251', 'bg', 'ui strings', '9a2979d52c04ef06748185577aeecdf3f7abc5d787ce080edbc7cbf4810d444f'],
      ['Russian.txt', 'windows-1251', 'ru', 'ui strings', '2f5d098f471d5025f5805298adc41e50b078478ff89d5e8d53c1ce3c4eb69fb0'],
      ['Romanian.txt', 'iso-8859-2', 'ro', 'ui strings', 'f06cd37f1f2cb5d9961c94b818856c26722a6b6aa97b1861ede363130acd4c4d'],
      ['Svenska.txt', 'windows-1252', 'sv', 'ui strings', '9fec9c5eefdeaeaeaece053f47b3336f60dc3b0942ba39c41aa4ed6d68a202a4'],
      ['Dansk.txt', 'windows-1252', 'da', 'ui strings', '5fd311c7e5cb43b7dfd84d69a6ff18efe996d82be18025e60a97d5bb5cf8c8b9'],
      ['Finnish.txt', 'windows-1252', 'fi', 'ui strings', '5d5512f5de7a759cdb7d03ea56d08c9ffd05cc04389e1f6158b11928a5b6c241'],
      ['Castellano.txt', 'windows-1252', 'es', 'ui strings', '5060772978a46b057a9c6c517059a7470e3ca7461412171017b2012274e0f18d'],
      ['Portugues.txt', 'windows-1252', 'pt', 'ui strings', 'df2285b06c18c97b4d724b38288923543e42152ef458a06b3f623daf0deed3d5'],
      ['Portugues-Brasil.txt', 'windows-1252', 'pt-BR', 'ui strings', '260c2d096a5fb7f2c6f895cddde3f963ca73f19978b092df3520f8db3ca02d57'],
      ['Norsk.txt', 'windows-1252', 'nb', 'ui strings', '109123fb6da4f5baa87470890a438e29b0517bd82cf5c2ee76980d1626fd1575'],
      ['Deutsch.txt', 'windows-1252', 'de', 'ui strings', '7cd6ee1e13afe35286ac7aa727186f073d3ab0ab5db57b787a960e3571383495'],
      ['Francais.txt', 'windows-1252', 'fr', 'ui strings', 'd085fde8c4924502854af74c2a8fd5eb8cf9a182aa3075ef3fb12b13f2fe7d85'],
      ['Italiano.txt', 'windows-1252', 'it', 'ui strings', '78bda844f87c83b5093022c0d35c8b95946379a1941db52b0ee7c2edfff82a69'],
      ['Eesti.txt', 'iso-8859-4', 'et', 'ui strings', '1502a362c48f6e3abb08e75b155b6d01e21ca4448f6aa7b8e66da1ee47b6f7b3'],
      ['Turkish.txt', 'windows-1254', 'tr', 'ui strings', '5f84b0c46fa234b05045a7d22b2f04746dc79709f7cf9224592dea2063f11eec'],
      ['Greek.txt', 'iso-8859-7', 'el', 'ui strings', '3eb9cd03a96e2417ed53ccc16c679479090c5ca904eff16585f65aef31f60899'],
      ['Magyar.txt', 'iso-8859-2', 'hu', 'ui strings', '6891a951bc54b37d04b09e8ce69b5f36e88f2b0b810375229604491e73da199b'],
      ['Chinese-BIG5.txt', 'big5', 'zh-TW', 'ui strings', '591212b9dd8315575d15e3b65daf655ee15b089cb9dd4adb07a8b6305ff79be8'],
      ['Chinese-Simplified.txt', 'gbk', 'zh-CN', 'ui strings', 'f654316529cc8fb88549dd3a6ed743e9e61c8f538400d7542de6e797f53723e8'],
      ['Japanese.txt', 'shift_jis', 'ja', 'ui strings', '5d6468bec6cb20026cbb2eb9635c4868e9d4d601471c030bc5aea129deee8453'],
    ],
  },
  // Scid's interface translations (Tcl) and its opening names
  {
    package: 'scid-data',
    license: 'GPL-2',
    dir: 'usr/share/scid',
    files: [
      ['data/scid_fr.eco', 'windows-1252', 'fr', 'word list', 'fe4b820c7a3adcee4f82f6d20404b4d76072dec58d4b56abea785a9554791fb1'],
      ['tcl/lang/czech.tcl', 'iso-8859-2', 'cs', 'tcl script', '56da825bb720b9c12a08692f2f3f56d3ff110b04a5e0de63576dcc605e183670'],
      ['tcl/lang/polish.tcl', 'iso-8859-2', 'pl', 'tcl script', '5ee48255c01e55383b64a78c981b0d5feb297156ca355851d938e7685f87dbe1'],
      ['tcl/lang/hungary.tcl', 'iso-8859-2', 'hu', 'tcl script', '12516b1663b5a220a8b6f55594e10c05bd251b248b57aa6eebf4d30a1e434286'],
      ['tcl/lang/serbian.tcl', 'iso-8859-2', 'sr-Latn', 'tcl script', 'b2550d932a1b8d4b910faea0bb913a04a18a8b55a0cf71bfa39b450274541e6f'],
      ['tcl/lang/swedish.tcl', 'windows-1252', 'sv', 'tcl script', '3c82689a7928273f84629e5123c1768cae5b56319f0ee46adba4a40c025dd44c'],
      ['tcl/lang/suomi.tcl', 'windows-1252', 'fi', 'tcl script', '9140344552d6a83d772dffc98cbb796f5436139e79ff8fe33c2a5125fd3b925a'],
      ['tcl/lang/catalan.tcl', 'windows-1252', 'ca', 'tcl script', 'e69deac2c274598a95aae9e887e440b087ce0e9ea5e6b153eea07fb4dbedce09'],
      ['tcl/lang/deutsch.tcl', 'windows-1252', 'de', 'tcl script', '84c6725c8f28f05a744e7db6a161f312d42a7732b4a820fb987f95f9e6e379f3'],
      ['tcl/lang/spanish.tcl', 'windows-1252', 'es', 'tcl script', 'c3887914d37471fc38b81f0d0180e5f4d6d86250bfd92ba6d6967a4be9b691d0'],
      ['tcl/lang/portbr.tcl', 'windows-1252', 'pt-BR', 'tcl script', '5e838f5539cfac47678d807cf70a25f69c7fecae452a8a325eceead4c535d823'],
      ['tcl/lang/norsk.tcl', 'windows-1252', 'nb', 'tcl script', 'ff26420f8c1bdfbbac91808f95ef2565b382a2edd0eefb87d17610957f9b9e05'],
      ['tcl/lang/italian.tcl', 'windows-1252', 'it', 'tcl script', '99c91ae3161628c88dcee9f6dfe931481fbe68195976dcbd88de764222b57126'],
    ],
  },
  // Sylpheed's manual (LinuxDoc SGML)
  {
    package: 'sylpheed-doc',
    license: 'GFDL-1.1',
    dir: 'usr/share/doc/sylpheed-doc/manual',
    files: [
      ['fr/sylpheed.sgml.gz', 'windows-1252', 'fr', 'sgml', '4d8c5a8520435b5ecfc8a78caeafa8e3b5bdb06d6b31cb5fa6f16bec6f9d2ea1'],
      ['es/sylpheed.sgml.gz', 'windows-1252', 'es', 'sgml', '9e2a451831e38ede697b337685da1066a47d2f77c566ebcbc702a1b22d8f5f12'],
      ['de/sylpheed.sgml.gz', 'windows-1252', 'de', 'sgml', '2d22347b2cb5ce19767131647921daf49a76841367eb43f27dc4cb12cacadd2f'],
      ['ja/sylpheed.sgml.gz', 'euc-jp', 'ja', 'sgml', 'fd66484c030a75d5d98dde3f29b82fb59e0b184f3b44b169779e3f6bd93bed00'],
    ],
  },
  // lshort-finnish (LaTeX sources) and the Lithuanian test file
  {
    package: 'texlive-lang-european',
    license: 'LPPL-1.3c (lithuanian); public domain (lshort-finnish)',
    dir: 'usr/share/doc/texlive-doc/latex',
    files: [
      ['lshort-finnish/src/ladonta.tex.gz', 'windows-1252', 'fi', 'tex', '220060d50dfb74162b79af3e5aeb87adca6cea644053fc4ee1d9f94425f80344'],
      ['lshort-finnish/src/asiat.tex.gz', 'windows-1252', 'fi', 'tex', '4d209af38668cd7f543bc95a9a42242288bc95ce28cc018fc97f1dfab494eda0'],
      ['lshort-finnish/src/erikois.tex.gz', 'windows-1252', 'fi', 'tex', 'a288e96ca8ac84e00af79765e813e606665658644137b264e878a79d4f05faa0'],
      ['lshort-finnish/src/viritys.tex.gz', 'windows-1252', 'fi', 'tex', '8c66f7b98ae613e70b58cb00644bd5e086751b70e90c6c1e80d4bd7ff181ecac'],
      ['lithuanian/testlt-urw.tex', 'iso-8859-13', 'lt', 'tex', '25196e722603baf199cf1f2c1de1be81eca7d0161959f4d60d5eb1593bc1d29a'],
    ],
  },
  // the arabi package's samples (Arabic, Persian)
  {
    package: 'texlive-lang-arabic',
    license: 'LPPL',
    dir: 'usr/share/doc/texlive-doc/latex/arabi',
    files: [
      ['samplebook.tex.gz', 'windows-1256', 'ar', 'tex', '66065677d2d4335665453a4612aee39900238ffeb63a06b75b6009da38e3f604'],
      ['testplaintex.tex.gz', 'windows-1256', 'ar+fa', 'tex', 'dd0a9005d11ce1364653dd35920162e1e9cf2259875d1f0f7fab2c844fb2333a'],
    ],
  },
  // xecyr's samples of Cyrillic encodings
  {
    package: 'texlive-xetex',
    license: 'LPPL-1.3',
    dir: 'usr/share/doc/texlive-doc/xelatex/xecyr/inputs',
    files: [
      ['866.tex', 'ibm866', 'ru', 'tex', 'f985740fdccb1d6615429301f3b755fc9d735d6dbde596f6385ee641a163713a'],
      ['iso.tex', 'iso-8859-5', 'ru', 'tex', 'c6acb3e9e76d2ce501aa7ce3d72e9da4d369826a2397b470827c6e232f72720b'],
      ['1251.tex', 'windows-1251', 'ru', 'tex', '0f83005055788a99bc1f8395e6d06aa639cca241dad5779c026ceb4f7e9672fb'],
      ['koi8-r.tex', 'koi8-r', 'ru', 'tex', '16110bc5b056bf5b75f1789ef30b3f59a302439bed5f9caec73c04773977d2e4'],
    ],
  },
  // Russian, Bulgarian, Serbian and Mongolian LaTeX manuals and samples
  {
    package: 'texlive-lang-cyrillic',
    license: 'LPPL (russ, lh, lshort-mongol, eskdx, disser, serbian-*, pst-eucl-translation-bg); mpman-ru: free, its own terms',
    dir: 'usr/share/doc/texlive-doc',
    files: [
      ['latex/lshort-mongol/src/typeset.tex.gz', 'windows-1251', 'mn', 'tex', '8f0e8612ab0bb3e24f1aa577ea011ce53e611b3ea403402f577ff14640ca3e3b'],
      ['latex/pst-eucl-translation-bg/pst-eucl-docBG.tex.gz', 'windows-1251', 'bg', 'tex', 'dc9cb6202c9bcde02ab6af94e6d254414ce54a4fd576e7b716dc495db63959e8'],
      ['latex/pst-eucl-translation-bg/README-bulgarian.txt', 'windows-1251', 'bg', 'plain', '1b0d299c373e193586157186e59b5d1e9dbf15d17b721b56204059ad19936c27'],
      ['metapost/mpman-ru/mpman-ru.tex.gz', 'koi8-r', 'ru', 'tex', '840e3cf849b16bbd9835da68b9cb4776ff036dbdcc8132ac74a831cdc87242bf'],
      ['latex/russ/russ_doc.tex.gz', 'windows-1251', 'ru', 'tex', '4c1f94970293908e80445865ed554400b5eebc50bb50d6f239b8094fab299cc6'],
      ['fonts/lh/samples/lh-lcytext.tex', 'ibm866', 'ru', 'tex', '45142fcc282bb9d771b792e0cc94c81cdc39d20dde75363503857ca943d7b2cc'],
      ['latex/eskdx/manual/eskdx.tex.in.gz', 'koi8-r', 'ru', 'tex', '4fdb23601097f6305fe8667246173e79778ac0cba179817b2d5f20eb2219a3b3'],
      ['latex/serbian-apostrophe/serbian-apostrophe.tex.gz', 'windows-1250', 'sr-Latn', 'tex', 'e40d56d60443fab461f04b167e9478f3ba95b5d2bfe791540ebbaa53c5af650a'],
      ['latex/serbian-def-cyr/proba.tex.gz', 'windows-1251', 'sr-Cyrl', 'tex', '11d8c55b1a525fb3613643615eeb4a409f4e7d5acc9b2e3a1b56d7542e3efd6b'],
      ['latex/disser/templates/candidate/thesis.tex', 'windows-1251', 'ru', 'tex', '515c4d6da9eea8d1194914948f6a1f92776785bacd35e82d2e1237ba4dd898ad'],
    ],
  },
  // the Cronyx fonts' Russian read-me
  {
    package: 'xfonts-cronyx-koi8r-misc',
    license: 'free (Cronyx: Special; Debian: GPL-2+)',
    dir: 'usr/share/doc/xfonts-cronyx-koi8r-misc',
    files: [
      ['xcyr.README.ru.gz', 'koi8-r', 'ru', 'plain', '88ebdba047397dea0b106a70f08becc98e9083e3d4e4e785f5275e3327f7591e'],
    ],
  },
  // tknamazu's Japanese help
  {
    package: 'namazu2',
    license: 'GPL-2+',
    dir: 'usr/share/tknamazu',
    files: [
      ['tknamazu.hlp.ja_JP.SJIS', 'shift_jis', 'ja', 'plain', 'd16c137a58da8b1e9b305cce3e1df66986691e968dc52d9e0031e2f04a658ef1'],
      ['tknamazu.hlp.ja', 'euc-jp', 'ja', 'plain', '4511a522a234bec24fe08bd50c2c1ec40ed50cc1116b2551c3e29950972982fb'],
    ],
  },
  // pugixml's Shift_JIS sample document
  {
    package: 'libpugixml-dev',
    license: 'Expat',
    dir: 'usr/share/doc/libpugixml-dev/examples/samples',
    files: [
      ['weekly-shift_jis.xml', 'shift_jis', 'ja', 'xml', '287f5c7ea50a0639841e58a92d85630bf795599b8bc872b24f1637a82ee2bded'],
    ],
  },
  // a Korean gettext catalog
  {
    package: 'golang-github-chai2010-gettext-go-dev',
    license: 'BSD-3-Clause (the .po file: GPL-2+)',
    dir: 'usr/share/gocode/src/github.com/chai2010/gettext-go/testdata',
    files: [
      ['mm-ko.euc-kr.po', 'euc-kr', 'ko', 'po', 'c75909dd90d5e072ef77b4ee823257900e785fe829a56075d46f1dbb46645a4f'],
    ],
  },
  // fvwm-crystal's Russian gettext catalog
  {
    package: 'fvwm-crystal',
    license: 'GPL-2+',
    dir: 'usr/share/fvwm-crystal/fvwm/locale/ru_RU.KOI8-R/LC_MESSAGES',
    files: [
      ['fvwm-crystal.po', 'koi8-r', 'ru', 'po', 'a6e745cf566d760b0bd66079895adbb892c3da91e24181eaba9b50bcf9631a33'],
    ],
  },
  // SWORD's Arabic book names
  {
    package: 'libsword-common',
    license: 'GPL-2',
    dir: 'usr/share/sword/locales.d',
    files: [
      ['ar_EG-cp1256.conf', 'windows-1256', 'ar', 'ui strings', '08eafde9b9f509fd96b21a1b8cb1ec23d6f2ba14fa2fc4404910b8361675c286'],
    ],
  },
  // lightsquid's Ukrainian interface
  {
    package: 'lightsquid',
    license: 'GPL-2+',
    dir: 'usr/share/lightsquid/lang',
    files: [
      ['ua.lng', 'windows-1251', 'uk', 'ui strings', '5efc86cf64ba05170b6e0d5fc3081fcfda7fcf4dfb0fd5f75f4f2fb852e9a7fd'],
    ],
  },
  // a Polish web page about TeX
  {
    package: 'texlive-lang-polish',
    license: 'GFDL',
    dir: 'usr/share/doc/texlive-doc/generic/tex-virtual-academy-pl',
    files: [
      ['cototex.html', 'iso-8859-2', 'pl', 'html', 'd1732fa0ba91e97be20da75f5d6fd5d4ae493ad53b1e72c45b2b75a5dfc69226'],
    ],
  },
  // myspell-et
  {
    package: 'myspell-et',
    license: 'LGPL-2.1',
    dir: 'usr/share/hunspell',
    files: [
      ['et_EE.dic', 'iso-8859-15', 'et', 'word list', 'cd1378434aefeaa8a31f49369dbf71caf4e6340badb5c2cf7a55820933ed4f13'],
    ],
  },
  // myspell-fr-gut
  {
    package: 'myspell-fr-gut',
    license: 'GPL',
    dir: 'usr/share/hunspell',
    files: [
      ['fr.dic', 'iso-8859-15', 'fr', 'word list', 'e807dc37c000cc2a2891e0f33925cd612834e8906bbd8606e89b9c842bbd7a37'],
    ],
  },
  // myspell-eo
  {
    package: 'myspell-eo',
    license: 'GPL-2+',
    dir: 'usr/share/hunspell',
    files: [
      ['eo.dic', 'iso-8859-3', 'eo', 'word list', 'fc43c080098cb77a22b6442e9682e755497641b42ce00dd1f95a11a661eeb331'],
    ],
  },
  // hunspell-lt
  {
    package: 'hunspell-lt',
    license: 'BSD-3-Clause',
    dir: 'usr/share/hunspell',
    files: [
      ['lt_LT.dic', 'iso-8859-13', 'lt', 'word list', '1714f38f7b80f35799ab6abb8ff4a40fa1de805e1adc1d4d30c0b5a179887469'],
    ],
  },
  // hyphen-lv
  {
    package: 'hyphen-lv',
    license: 'LGPL-2.1+',
    dir: 'usr/share/hyphen',
    files: [
      ['hyph_lv_LV.dic', 'iso-8859-13', 'lv', 'word list', 'e50e7ccba4ff21490c2cc9226bfa0894a703d1e795dad6411f72d77d64912ee7'],
    ],
  },
  // myspell-ga
  {
    package: 'myspell-ga',
    license: 'GPL-2+',
    dir: 'usr/share/hunspell',
    files: [
      ['ga_IE.dic', 'windows-1252', 'ga', 'word list', 'bbf58902e9567a569aac2c367587909118c56a41ff2d5c4a80c7e8818b97d051'],
    ],
  },
  // myspell-fo
  {
    package: 'myspell-fo',
    license: 'GPL-2+',
    dir: 'usr/share/hunspell',
    files: [
      ['fo.dic', 'windows-1252', 'fo', 'word list', '020c52bc2f43cedcaef876e1756624bd5db720b4b5938f912b3f16edfad909af'],
    ],
  },
  // myspell-sq
  {
    package: 'myspell-sq',
    license: 'GPL-2+',
    dir: 'usr/share/hunspell',
    files: [
      ['sq_AL.dic', 'windows-1252', 'sq', 'word list', '1f9fa0dae2d7d25158fad2e1f9a2098d8bf770e7935381d11a32fa1cb21608ec'],
    ],
  },
  // hunspell-el
  {
    package: 'hunspell-el',
    license: 'MPL-1.1 / GPL-2 / LGPL-2.1',
    dir: 'usr/share/hunspell',
    files: [
      ['el_GR.dic', 'iso-8859-7', 'el', 'word list', 'e5b9b9c2cf05bbc59e03fe302b462dae85968f822f4fc219a8ed2879d6943720'],
    ],
  },
  // mythes-gl
  {
    package: 'mythes-gl',
    license: 'GPL',
    dir: 'usr/share/mythes',
    files: [
      ['th_gl_ES_v2.dat', 'windows-1252', 'gl', 'word list', 'bb64f9a976350668163936fa73b048a67ab83822c226caa28106e1b0c0cc5220'],
    ],
  },
  // hyphen-ru
  {
    package: 'hyphen-ru',
    license: 'LPPL-1.2+',
    dir: 'usr/share/hyphen',
    files: [
      ['hyph_ru_RU.dic', 'koi8-r', 'ru', 'word list', '022b669c16d98e5ccd92a78a157adb6bfef9e262c30b741b5ad3636dba7edde7'],
    ],
  },
  // hyphen-sr
  {
    package: 'hyphen-sr',
    license: 'GPL-2+ / LGPL-2.1 / MPL-1.1',
    dir: 'usr/share/hyphen',
    files: [
      ['hyph_sr_RS.dic', 'iso-8859-5', 'sr-Cyrl', 'word list', 'ce785026592f525c38e67152699224d47a4cdf555a1a4eb65d50458c5548f69f'],
    ],
  },
  // hunspell-an
  {
    package: 'hunspell-an',
    license: 'MPL-1.1 / GPL-3+ / LGPL-3+',
    dir: 'usr/share/hunspell',
    files: [
      ['an_ES.dic', 'windows-1252', 'an', 'word list', '75f3db6e45eb156adb0ee2ac44a9c9b85c94b4282b41db565db3b8ecc57305a9'],
    ],
  },
];

/**
 * The texts re-encoded as UTF-16 without a BOM, per script: the files (package:path, all in the
 * manifest) whose decoded texts are joined. Real BOM-less UTF-16 files are such texts.
 */
export const UTF16_SCRIPTS = [
  {
    script: 'Latin',
    files: [
      'emacs-common:usr/share/emacs/28.2/etc/tutorials/TUTORIAL.fr',
      'emacs-common:usr/share/emacs/28.2/etc/tutorials/TUTORIAL.pl',
    ],
  },
  { script: 'Cyrillic', files: ['emacs-common:usr/share/emacs/28.2/etc/tutorials/TUTORIAL.ru'] },
  { script: 'Greek', files: ['vim-runtime:usr/share/vim/vim90/tutor/tutor.el.utf-8'] },
  { script: 'Hebrew', files: ['emacs-common:usr/share/emacs/28.2/etc/tutorials/TUTORIAL.he'] },
  {
    script: 'Arabic',
    files: [
      'hunspell-ar:usr/share/doc/hunspell-ar/README-ar',
      'hunspell-ar:usr/share/doc/hunspell-ar/TODO-ar',
      'texlive-lang-arabic:usr/share/doc/texlive-doc/latex/arabi/samplebook.tex.gz',
    ],
  },
  { script: 'Thai', files: ['emacs-common:usr/share/emacs/28.2/etc/tutorials/TUTORIAL.th'] },
  { script: 'Han', files: ['emacs-common:usr/share/emacs/28.2/etc/tutorials/TUTORIAL.cn'] },
  { script: 'Kana', files: ['vim-runtime:usr/share/vim/vim90/tutor/tutor.ja.utf-8'] },
  { script: 'Hangul', files: ['emacs-common:usr/share/emacs/28.2/etc/tutorials/TUTORIAL.ko'] },
];

/** Every file of the manifest: { package, license, path, encoding, lang, kind, sha256, key, name }. */
export const REAL_TEXTS = SOURCES.flatMap(({ package: pkg, license, dir, files }) => {
  const entries = files.map(([file, encoding, lang, kind, sha256]) => {
    const path = `${dir}/${file}`;
    return { package: pkg, license, path, encoding, lang, kind, sha256, key: `${pkg}:${path}` };
  });
  // A short name for the report: the package and the shortest end of the path that no other file of the package shares.
  for (const entry of entries) {
    const parts = entry.path.replace(/\.gz$/, '').split('/');
    let depth = 1;
    const tail = (path, d) => path.replace(/\.gz$/, '').split('/').slice(-d).join('/');
    while (depth < parts.length && entries.some((other) => other !== entry && tail(other.path, depth) === tail(entry.path, depth))) depth++;
    entry.name = `${pkg}:${tail(entry.path, depth)}`;
  }
  return entries;
});

const byKey = new Map(REAL_TEXTS.map((entry) => [entry.key, entry]));
for (const { script, files } of UTF16_SCRIPTS) {
  for (const key of files) if (!byKey.has(key)) throw new Error(`real-texts: the ${script} UTF-16 source ${key} is not in the manifest`);
}

/** The packages of the manifest with their licenses, for the report: [{ package, license, files }]. */
export const REAL_PACKAGES = SOURCES.map(({ package: pkg, license, files }) => ({ package: pkg, license, files: files.length }));

/** The newest .deb of `pkg` in `dir` (null if none). */
function cachedDeb(dir, pkg) {
  const debs = existsSync(dir) ? readdirSync(dir).filter((f) => f.startsWith(`${pkg}_`) && f.endsWith('.deb')) : [];
  if (debs.length === 0) return null;
  return join(dir, debs.sort((a, b) => statSync(join(dir, b)).mtimeMs - statSync(join(dir, a)).mtimeMs)[0]);
}

/** `pkg`'s .deb, downloaded into `dir` with apt-get on first use. */
function debOf(dir, pkg, log) {
  let deb = cachedDeb(dir, pkg);
  if (deb === null) {
    mkdirSync(dir, { recursive: true });
    log(`real-texts: apt-get download ${pkg} into ${dir}`);
    const run = spawnSync('apt-get', ['download', '-q', pkg], { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
    deb = cachedDeb(dir, pkg);
    if (run.error || run.status !== 0 || deb === null) {
      const why = run.error?.message ?? run.stderr.trim().split('\n').filter((l) => !l.startsWith('W: ')).join('; ');
      throw new Error(`real-texts: apt-get download ${pkg} failed (${why || `exit ${run.status}`}); it needs Debian's package lists (apt-get update)`);
    }
  }
  return deb;
}

/**
 * Takes the files of the manifest out of their packages into `cacheDir`/debs/PKG/ (fetching each
 * package on first use) and returns the manifest's entries, each with `file`, its path on disk.
 */
export function extractRealTexts(cacheDir, log = console.error) {
  const dir = join(cacheDir, 'debs');
  for (const pkg of new Set(REAL_TEXTS.map((e) => e.package))) {
    const into = join(dir, pkg);
    const missing = REAL_TEXTS.filter((e) => e.package === pkg && !existsSync(join(into, e.path)));
    if (missing.length === 0) continue;
    const deb = debOf(dir, pkg, log);
    mkdirSync(into, { recursive: true });
    const tar = execFileSync('dpkg-deb', ['--fsys-tarfile', deb], { maxBuffer: 1 << 30 });
    // tar reports members the package lacks; they are named below, file by file.
    spawnSync('tar', ['-x', '-C', into, '-f', '-', ...missing.map((e) => `./${e.path}`)], { input: tar, stdio: ['pipe', 'ignore', 'ignore'] });
    for (const e of missing) {
      if (!existsSync(join(into, e.path))) throw new Error(`real-texts: ${e.name}: ${deb} has no /${e.path}`);
    }
  }
  return REAL_TEXTS.map((e) => ({ ...e, file: join(dir, e.package, e.path) }));
}

/** The text of a file of the package, as its sha256 is pinned: a `.gz` decompressed. */
export function textBytes(entry) {
  const raw = readFileSync(entry.file);
  return entry.path.endsWith('.gz') ? gunzipSync(raw) : raw;
}

/**
 * The files of the manifest as bytes, fetched on first use into `cacheDir`/debs/ and checked
 * against their pinned sha256: [{ ...entry, bytes }]. Throws, naming the file, on a mismatch.
 */
export function loadRealTexts(cacheDir, log = console.error) {
  return extractRealTexts(cacheDir, log).map((entry) => {
    const bytes = new Uint8Array(textBytes(entry));
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    if (sha256 !== entry.sha256) {
      throw new Error(
        `real-texts: ${entry.name} (/${entry.path} of ${entry.package}) has sha256 ${sha256}, not the pinned ${entry.sha256}: ` +
          `the package changed (check the file's encoding again and update its entry in scripts/lib/real-texts.mjs), ` +
          `or the copy in ${join(cacheDir, 'debs', entry.package)} is damaged (delete it, and the package's .deb beside it)`,
      );
    }
    return { ...entry, bytes };
  });
}
