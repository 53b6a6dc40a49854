import { sha256Hex } from './canonical';

/** One chain's head as a leaf of the daily anchor. */
export interface ChainHead {
  tipsterId: number;
  seq: number;
  hash: string;
}

/**
 * The Merkle root over every chain's head (decision 077): leaves SHA-256("head:v1|tipster|seq|hash")
 * in tipster order, each level pairing neighbours as SHA-256(left + right), an odd last node
 * carried up unchanged. No heads: the hash of the empty text.
 */
export async function merkleRoot(heads: readonly ChainHead[]): Promise<string> {
  const sorted = [...heads].sort((a, b) => a.tipsterId - b.tipsterId);
  let level = await Promise.all(sorted.map((h) => sha256Hex(`head:v1|${h.tipsterId}|${h.seq}|${h.hash}`)));
  if (level.length === 0) return sha256Hex('');
  while (level.length > 1) {
    const next: Array<Promise<string>> = [];
    for (let i = 0; i < level.length; i += 2) {
      next.push(i + 1 < level.length ? sha256Hex(level[i] + level[i + 1]) : Promise.resolve(level[i]));
    }
    level = await Promise.all(next);
  }
  return level[0];
}
