/** A disjoint-set over 0..n-1 that can also join whole index ranges in near-linear total time. */
export class RangeUnion {
  private readonly parent: Int32Array;
  // nextOpen[i]: the smallest j >= i not yet joined to j + 1 (path-compressed), so every
  // adjacent pair is joined at most once however many ranges cover it.
  private readonly nextOpen: Int32Array;

  constructor(size: number) {
    this.parent = new Int32Array(size);
    this.nextOpen = new Int32Array(size + 1);
    for (let i = 0; i < size; i++) this.parent[i] = i;
    for (let i = 0; i <= size; i++) this.nextOpen[i] = i;
  }

  /** The representative of `i`'s set. */
  find(i: number): number {
    let root = i;
    while (this.parent[root] !== root) root = this.parent[root]!;
    let node = i;
    while (this.parent[node] !== root) {
      const up = this.parent[node]!;
      this.parent[node] = root;
      node = up;
    }
    return root;
  }

  /** Joins the sets of `a` and `b` (the smaller index becomes the root, for determinism). */
  join(a: number, b: number): void {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra === rb) return;
    if (ra < rb) this.parent[rb] = ra;
    else this.parent[ra] = rb;
  }

  /** Joins every index in [from, to) into one set. */
  joinRange(from: number, to: number): void {
    let i = this.open(from);
    while (i < to - 1) {
      this.join(i, i + 1);
      this.nextOpen[i] = i + 1;
      i = this.open(i + 1);
    }
  }

  private open(i: number): number {
    let root = i;
    while (this.nextOpen[root] !== root) root = this.nextOpen[root]!;
    let node = i;
    while (this.nextOpen[node] !== root) {
      const up = this.nextOpen[node]!;
      this.nextOpen[node] = root;
      node = up;
    }
    return root;
  }
}
