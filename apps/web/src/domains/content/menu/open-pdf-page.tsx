import { IonButton, IonContent, IonIcon } from '@ionic/react';
import type { Menu } from '@lastman/api';
import {
  addOutline,
  chevronBackOutline,
  chevronForwardOutline,
  documentTextOutline,
  downloadOutline,
  removeOutline,
} from 'ionicons/icons';
import type { PDFDocumentLoadingTask, PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import { useEffect, useRef, useState } from 'react';
import { nativeApiOrigin } from '../../../lib/api.ts';
import { isNative } from '../../../lib/platform.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { InlineLoading } from '../../../ui/page-loading.tsx';
import { useMenu } from './api/menu-api.ts';
import { checkedDate } from './components/menu-item-facts.tsx';
import './menu.css';

const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3] as const;

/** pdf.js and its worker, fetched only when this page first opens a PDF. */
async function loadPdfJs() {
  const [pdfjs, worker] = await Promise.all([
    import('pdfjs-dist'),
    import('pdfjs-dist/build/pdf.worker.min.mjs?url'),
  ]);
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  return pdfjs;
}

/** A PDF on the page: page by page, zoomed to the width of its place and beyond. */
export function PdfViewer({ url, label }: { url: string; label: string }) {
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  /** 1 is the stage's width; the buttons step through ZOOMS. */
  const [zoom, setZoom] = useState(1);
  const stage = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    let cancelled = false;
    let task: PDFDocumentLoadingTask | null = null;
    setFailure(null);
    (async () => {
      const response = await fetch(url, { credentials: 'include' });
      if (!response.ok) throw new Error(`the server answered ${response.status}`);
      const data = new Uint8Array(await response.arrayBuffer());
      const pdfjs = await loadPdfJs();
      if (cancelled) return;
      task = pdfjs.getDocument({ data });
      const opened = await task.promise;
      if (cancelled) return;
      setDoc(opened);
      setPage(1);
    })().catch((e: unknown) => {
      if (!cancelled) setFailure(e instanceof Error ? e.message : String(e));
    });
    return () => {
      cancelled = true;
      void task?.destroy();
    };
  }, [url]);

  useEffect(() => {
    if (!doc || !canvas.current || !stage.current) return;
    let task: RenderTask | null = null;
    let cancelled = false;
    void (async () => {
      const p = await doc.getPage(page);
      if (cancelled || !canvas.current || !stage.current) return;
      const natural = p.getViewport({ scale: 1 });
      const fitWidth = Math.max(200, stage.current.clientWidth - 16);
      const viewport = p.getViewport({ scale: (fitWidth / natural.width) * zoom });
      const ratio = window.devicePixelRatio || 1;
      const c = canvas.current;
      c.width = Math.floor(viewport.width * ratio);
      c.height = Math.floor(viewport.height * ratio);
      c.style.width = `${Math.floor(viewport.width)}px`;
      c.style.height = `${Math.floor(viewport.height)}px`;
      task = p.render({
        canvas: c,
        viewport,
        transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
      });
      await task.promise.catch(() => {});
    })();
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [doc, page, zoom]);

  const pages = doc?.numPages ?? 0;
  const zoomIndex = ZOOMS.indexOf(zoom as (typeof ZOOMS)[number]);

  if (failure) {
    return (
      <div className="card">
        <EmptyState icon={documentTextOutline} title="The menu could not be opened">
          <p role="alert">The PDF did not load ({failure}). Check your connection and try again.</p>
        </EmptyState>
      </div>
    );
  }
  if (!doc) return <InlineLoading label="Opening the menu…" />;
  return (
    <div className="pdf-viewer">
      <nav className="pdf-toolbar" aria-label={label}>
        <IonButton
          fill="clear"
          aria-label="Previous page"
          disabled={page <= 1}
          onClick={() => setPage((n) => n - 1)}
        >
          <IonIcon aria-hidden="true" slot="icon-only" icon={chevronBackOutline} />
        </IonButton>
        <span role="status" data-testid="pdf-page">
          Page {page} of {pages}
        </span>
        <IonButton
          fill="clear"
          aria-label="Next page"
          disabled={page >= pages}
          onClick={() => setPage((n) => n + 1)}
        >
          <IonIcon aria-hidden="true" slot="icon-only" icon={chevronForwardOutline} />
        </IonButton>
        <IonButton
          fill="clear"
          aria-label="Zoom out"
          disabled={zoomIndex <= 0}
          onClick={() => setZoom(ZOOMS[zoomIndex - 1] ?? zoom)}
        >
          <IonIcon aria-hidden="true" slot="icon-only" icon={removeOutline} />
        </IonButton>
        <IonButton
          fill="clear"
          aria-label={`${Math.round(zoom * 100)}%: fit to width`}
          onClick={() => setZoom(1)}
        >
          <span data-testid="pdf-zoom">{Math.round(zoom * 100)}%</span>
        </IonButton>
        <IonButton
          fill="clear"
          aria-label="Zoom in"
          disabled={zoomIndex >= ZOOMS.length - 1}
          onClick={() => setZoom(ZOOMS[zoomIndex + 1] ?? zoom)}
        >
          <IonIcon aria-hidden="true" slot="icon-only" icon={addOutline} />
        </IonButton>
        <IonButton fill="clear" href={url} target="_blank" aria-label="Download the PDF">
          <IonIcon aria-hidden="true" slot="icon-only" icon={downloadOutline} />
        </IonButton>
      </nav>
      <div className="pdf-stage" ref={stage}>
        <canvas ref={canvas} aria-label={`${label}, page ${page} of ${pages}`} role="img" />
      </div>
    </div>
  );
}

/** The absolute address of the menu's PDF (the native app calls the API by its origin). */
export const pdfAddress = (path: string) => `${isNative() ? nativeApiOrigin : ''}${path}`;

/**
 * The menu PDF in the app. When the club shows guests both its uploaded PDF and the menu in the
 * app, the page says which this is.
 */
export function OpenPdfPage() {
  const menu = useMenu();
  const pdf = menu.data?.pdf;
  return (
    <>
      <PageHeader back="/menu" />
      <IonContent className="ion-padding">
        <div className="page-wide">
          {menu.isError ? (
            <div className="card">
              <EmptyState icon={documentTextOutline} title="The menu could not be opened">
                <p role="alert">{menu.error.message} Check your connection and try again.</p>
              </EmptyState>
              <div className="form-actions">
                <IonButton routerLink="/menu">See the menu</IonButton>
              </div>
            </div>
          ) : !pdf || !menu.data ? (
            <InlineLoading label="Opening the menu…" />
          ) : (
            <>
              {menu.data.guestsSee === 'both' ? (
                <p className="menu-which" data-testid="pdf-which">
                  {pdf.uploadedOn
                    ? `The club's own PDF menu, uploaded on ${checkedDate(pdf.uploadedOn)}.`
                    : "The club's own PDF menu."}{' '}
                  The menu in the app is kept separately and may differ from it.
                </p>
              ) : null}
              <PdfViewer url={pdfAddress(pdf.url)} label={pdfLabel(menu.data)} />
            </>
          )}
        </div>
      </IonContent>
    </>
  );
}

/** What the PDF is, for its toolbar and canvas. */
export const pdfLabel = (menu: Pick<Menu, 'pdf'>) =>
  menu.pdf.source === 'uploaded' ? "The club's PDF menu" : 'The menu as a PDF';
