import { Suspense, useEffect, useRef, useState } from 'react';
import { lazyPart } from './lazy-part.tsx';

// Offline before it ever loaded, the page simply has no pull-to-refresh.
const Refresher = lazyPart(async () => (await import('./refresher.tsx')).Refresher, { quiet: true });

/** How far a finger must drag down from the top for the first pull to count as a refresh. */
const FIRST_PULL_PX = 80;

/**
 * Pull-to-refresh for an IonContent (place it as the content's first child). Ionic's refresher
 * (about 6 KB gzipped) is not part of the first page: it loads on the content's first touch or
 * click. A pull that starts before it is ready still refreshes, without the spinner; later pulls
 * get Ionic's own.
 */
export function PullToRefresh({ onRefresh }: { onRefresh: () => Promise<unknown> }) {
  const [armed, setArmed] = useState(false);
  const anchor = useRef<HTMLDivElement>(null);
  const refresh = useRef(onRefresh);
  refresh.current = onRefresh;
  // Listens from mount until the first pull ends: that pull may have started before the refresher.
  useEffect(() => {
    const content = anchor.current?.closest('ion-content');
    if (!content) return;
    let startY: number | undefined;
    const arm = () => setArmed(true);
    const start = (e: TouchEvent) => {
      const y = e.touches[0]?.clientY;
      void content.getScrollElement().then((scroller) => {
        if (scroller.scrollTop <= 0) startY = y;
      });
    };
    const end = (e: TouchEvent) => {
      const y = e.changedTouches[0]?.clientY;
      if (startY !== undefined && y !== undefined && y - startY >= FIRST_PULL_PX) void refresh.current();
      content.removeEventListener('touchend', end);
    };
    content.addEventListener('pointerdown', arm, { passive: true, once: true });
    content.addEventListener('touchstart', start, { passive: true, once: true });
    content.addEventListener('touchend', end, { passive: true });
    return () => {
      content.removeEventListener('pointerdown', arm);
      content.removeEventListener('touchstart', start);
      content.removeEventListener('touchend', end);
    };
  }, []);
  return armed ? (
    <Suspense fallback={null}>
      <Refresher onRefresh={onRefresh} />
    </Suspense>
  ) : (
    <div slot="fixed" ref={anchor} hidden />
  );
}
