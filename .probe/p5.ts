import { parseDocument, visit, isScalar } from 'yaml';
const d = parseDocument('a: 007\nb: 1.10\nc: 0x1F\nd: 1e3\ne: yes\nf: ~\ng: null\nh: .5\ni: "007"\nj: True\nk: 1:30\nl: 1_000\nm:\n007: x\nn: +12\no: 0o17\np: |\n  007\n');
visit(d, { Scalar(k, n) { console.log(k, JSON.stringify(n.value), n.type, JSON.stringify(n.source), n.range); } });
