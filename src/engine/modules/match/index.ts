import type { MatchModule } from '../types.ts';
import { comment } from './comment.ts';
import { statistic } from './statistic.ts';
import { tcp } from './tcp.ts';

/** Every match module, one file each. Keep the list sorted by name. */
export const matchModules: readonly MatchModule[] = [
  comment,
  statistic,
  tcp,
];
