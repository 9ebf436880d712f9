/**
 * A module context that notes whether the module read any of it (reports aside): words of a
 * module that never does (a comment, say) mean the same in every rule, whatever its table, chain
 * or protocol, and the memo keeps them once for all (rule-memo.ts).
 */
import type { SourceSpan } from './diagnostics.ts';
import type { Family } from './model.ts';
import type { ModuleContext } from '../modules/types.ts';

export class RecordingContext implements ModuleContext {
  looked = false;
  span?: SourceSpan;
  private f: Family = 'ipv4';
  private p: string | undefined;
  private t = '';
  private c = '';

  constructor(readonly report: ModuleContext['report']) {}

  reset(
    family: Family,
    protocol: string | undefined,
    table: string,
    chain: string,
    span: SourceSpan,
  ): void {
    this.looked = false;
    this.f = family;
    this.p = protocol;
    this.t = table;
    this.c = chain;
    this.span = span;
  }

  get family(): Family {
    this.looked = true;
    return this.f;
  }
  get protocol(): string | undefined {
    this.looked = true;
    return this.p;
  }
  get table(): string {
    this.looked = true;
    return this.t;
  }
  get chain(): string {
    this.looked = true;
    return this.c;
  }
}
