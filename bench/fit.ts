/** Model fitting shared by the benchmarks' calibration modes (CALIBRATE=… in semantic.ts, FIT=1 in mrc.ts). */

/** Weighted logistic regression by Newton's method (a k×k system per step, a little ridge). */
export function fitLogistic(X: number[][], y: number[], wt: number[]): number[] {
  const k = X[0]!.length;
  const w = new Array<number>(k).fill(0);
  for (let it = 0; it < 30; it++) {
    const g = new Array<number>(k).fill(0);
    const H = Array.from({ length: k }, () => new Array<number>(k).fill(0));
    for (let i = 0; i < X.length; i++) {
      const xi = X[i]!;
      const p = 1 / (1 + Math.exp(-xi.reduce((s, x, j) => s + x * w[j]!, 0)));
      for (let a = 0; a < k; a++) {
        g[a]! += wt[i]! * (p - y[i]!) * xi[a]!;
        for (let b = 0; b < k; b++) H[a]![b]! += wt[i]! * p * (1 - p) * xi[a]! * xi[b]!;
      }
    }
    for (let a = 0; a < k; a++) H[a]![a]! += 1e-3;
    // Solve H d = g (Gauss–Jordan with partial pivoting).
    const M = H.map((row, a) => [...row, g[a]!]);
    for (let c = 0; c < k; c++) {
      let piv = c;
      for (let r = c + 1; r < k; r++) if (Math.abs(M[r]![c]!) > Math.abs(M[piv]![c]!)) piv = r;
      [M[c], M[piv]] = [M[piv]!, M[c]!];
      for (let r = 0; r < k; r++) {
        if (r === c) continue;
        const f = M[r]![c]! / M[c]![c]!;
        for (let j = c; j <= k; j++) M[r]![j]! -= f * M[c]![j]!;
      }
    }
    for (let a = 0; a < k; a++) w[a]! -= M[a]![k]! / M[a]![a]!;
  }
  return w;
}
