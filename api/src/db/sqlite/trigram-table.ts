/**
 * The trigram index's gram numbering (trigram-index.ts): an open-addressing hash of integer gram
 * codes to dense numbers 0, 1, 2, ... in order of first appearance, so that the posting lists
 * can live in flat arrays indexed by gram number. Keys and numbers sit in two typed arrays (a
 * key is stored as code + 1, so 0 marks a free slot), doubled when half full.
 */

/** An open-addressing hash of trigram codes (< 2^30) to their numbers 0, 1, 2, ... */
export class TrigramTable {
  private keys = new Int32Array(1 << 12);
  private values = new Int32Array(1 << 12);
  private shift = 32 - 12;
  size = 0;

  private slot(code: number): number {
    const mask = this.keys.length - 1;
    let i = Math.imul(code, 0x9e3779b1) >>> this.shift;
    while (this.keys[i] !== 0 && this.keys[i] !== code + 1) i = (i + 1) & mask;
    return i;
  }

  /** The trigram's number, or -1. */
  get(code: number): number {
    const i = this.slot(code);
    return this.keys[i] === 0 ? -1 : this.values[i]!;
  }

  /** The trigram's number, numbering it when new. */
  id(code: number): number {
    let i = this.slot(code);
    if (this.keys[i] !== 0) return this.values[i]!;
    if ((this.size + 1) * 2 > this.keys.length) {
      this.grow();
      i = this.slot(code);
    }
    this.keys[i] = code + 1;
    this.values[i] = this.size;
    return this.size++;
  }

  private grow(): void {
    const { keys, values } = this;
    this.keys = new Int32Array(keys.length * 2);
    this.values = new Int32Array(keys.length * 2);
    this.shift--;
    for (let j = 0; j < keys.length; j++) {
      if (keys[j] === 0) continue;
      const i = this.slot(keys[j]! - 1);
      this.keys[i] = keys[j]!;
      this.values[i] = values[j]!;
    }
  }
}
