/**
 * "Copy link": the scenario on screen as a `#s=` URL, copied to the clipboard and shown for
 * copying by hand. A scenario whose link would pass LIMITS.MAX_LINK_URL is offered as a file.
 */
import { encodeLinkPayload, HASH_PREFIX } from '../../engine/scenario/codec.ts';
import { LIMITS } from '../../engine/scenario/doc.ts';
import { useShareStore } from './share-store.ts';
import { takeSnapshot } from './snapshot.ts';

/** The link for the scenario on screen, based at this page's address. */
export async function currentLink(): Promise<string> {
  const payload = await encodeLinkPayload(takeSnapshot({ texts: 'shown' }));
  return `${location.origin}${location.pathname}${location.search}${HASH_PREFIX}${payload}`;
}

export async function copyLink(): Promise<void> {
  const { notify } = useShareStore.getState();
  const url = await currentLink();
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
  notify({ kind: 'link', url, copied });
}
