/** Types of the embedding kit served at /embed/poll.js (docs/embedding.md), for the demo host. */
export interface EmbedHandle {
  iframe: HTMLIFrameElement;
  iframeId: string;
  destroy(): void;
}

export interface EmbedOptions {
  onCreated?: (poll: { id: string; title: string; iframeId: string }) => void;
  onLogin?: (info: { referer: string; iframeId: string }) => boolean | void;
  onMessage?: (message: { type: string; iframeId: string }) => void;
  title?: string;
}

export interface SqPollKit {
  origin: string;
  poll(target: Element, options: EmbedOptions & { id: string; tid?: string }): EmbedHandle;
  create(target: Element, options: EmbedOptions & { type: 'single' | 'multiple' }): EmbedHandle;
}

export const EMBED_KIT_SRC = '/embed/poll.js';

let loading: Promise<SqPollKit> | null = null;

/** Loads the kit the way a host page would: a plain <script src> (CSP: same origin only). */
export function loadEmbedKit(): Promise<SqPollKit> {
  const ready = (window as unknown as { SqPoll?: SqPollKit }).SqPoll;
  if (ready) return Promise.resolve(ready);
  loading ??= new Promise<SqPollKit>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = EMBED_KIT_SRC;
    script.async = true;
    script.onload = () => {
      const kit = (window as unknown as { SqPoll?: SqPollKit }).SqPoll;
      if (kit) resolve(kit);
      else reject(new Error('embed kit did not load'));
    };
    script.onerror = () => {
      loading = null;
      reject(new Error('embed kit did not load'));
    };
    document.head.appendChild(script);
  });
  return loading;
}
