import type { TargetModule } from '../types.ts';
import { dnat } from './DNAT.ts';
import { mark } from './MARK.ts';

/** Every target extension, one file each. Keep the list sorted by name. */
export const targetModules: readonly TargetModule[] = [dnat, mark];
