/**
 * "Copy link": the scenario on screen as a `#s=` URL, copied to the clipboard and shown for
 * copying by hand. A scenario whose link would pass LIMITS.MAX_LINK_URL is offered as a file.
 * In the dump workspace the menu asks first (DumpLinkDialog): the link may leave the dump out.
 */
import { encodeLinkPayload, HASH_PREFIX } from '../../engine/scenario/codec.ts';
import { LIMITS } from '../../engine/scenario/doc.ts';
import { useShareStore } from './share-store.ts';
import { takeSnapshot } from './snapshot.ts';

export interface LinkOptions {
  withoutDump?: boolean;
}

/** The link for the scenario on screen, based at this page's address. */
export async function currentLink({ withoutDump = false }: LinkOptions = {}): Promise<string> {
  const payload = await encodeLinkPayload(takeSnapshot({ texts: 'shown', withoutDump }));
  return `${location.origin}${location.pathname}${location.search}${HASH_PREFIX}${payload}`;
}

export async function copyLink(options: LinkOptions = {}): Promise<void> {
  const { notify } = useShareStore.getState();
  const url = await currentLink(options);
  if (url.length > LIMITS.MAX_LINK_URL) {
    notify({ kind: 'too-long', chars: url.length });
    return;
  }
  let copied = false;
  try {
    await navigator.clipboard.writeText(url);
    copied = true;
  } catch {
    // no clipboard permission: the notice shows the link selected, for Ctrl+C
  }
  notify({ kind: 'link', url, copied, withoutDump: options.withoutDump === true });
}
