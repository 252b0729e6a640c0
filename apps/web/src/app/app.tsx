import { IonApp, IonRouterOutlet, IonSplitPane, isPlatform, setupIonicReact } from '@ionic/react';
import { IonReactRouter } from '@ionic/react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, Suspense, useEffect, useLayoutEffect, useState } from 'react';
import { Navigate, Route } from 'react-router-dom';
import { useClub } from '../lib/club.ts';
import { setActingClubColors } from '../lib/club-theme.ts';
import { hideSplash } from '../lib/native.ts';
import { useOnline } from '../lib/online.ts';
import { queryClient } from '../lib/query-client.ts';
import { whenIdle } from '../lib/start-up-tasks.ts';
import { lazyPart } from '../ui/lazy-part.tsx';
import { ClubLink, TabsAlias } from './club-link.tsx';
import { LazyMenu } from './lazy-menu.tsx';
import { paths } from './paths.ts';
import { appRoutes, tabRedirects } from './route-table.ts';
import { Tabs } from './tabs.tsx';
import { ToastHost } from './toast-host.tsx';
import { UpdateChecks } from './update-checks.tsx';

// Back navigation is animated everywhere; swipe-back only on iOS, as in the original.
setupIonicReact({ animated: true, swipeBackEnabled: isPlatform('ios') });

function ClubColors() {
  const colors = useClub().data;
  useEffect(() => {
    if (colors) setActingClubColors(colors.primaryColor, colors.secondaryColor);
  }, [colors]);
  return null;
}

/** Hides the native splash screen once the first screen has been painted (Android and iOS). */
function HideSplash() {
  useEffect(() => {
    // Passive effects of the first render run after it is painted; the frame makes sure of it.
    const frame = requestAnimationFrame(() => void hideSplash().catch(() => undefined));
    return () => cancelAnimationFrame(frame);
  }, []);
  return null;
}

/** Keeps notifications live while the app is open; its code loads after the first page. */
const NotificationLive = lazyPart(
  async () => (await import('../domains/notifications/notification-live.tsx')).NotificationLive,
  { quiet: true },
);

/**
 * What the first screen does not draw (the club's colours, which wait for its data anyway, the toast
 * host, the update checks, live notifications, the native splash) mounts once the browser is idle
 * after the first render (half a second at most): in the first render's task, or in the task of
 * the re-renders that follow it, it made them longer on a slowed phone.
 */
function AfterFirstRender({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useLayoutEffect(() => whenIdle(() => setShown(true)), []);
  return shown ? children : null;
}

export function App() {
  const online = useOnline();
  return (
    <QueryClientProvider client={queryClient}>
      <IonApp>
        <IonReactRouter>
          <IonSplitPane contentId="main" when="lg">
            <LazyMenu />
            {/* Offline, pages change without the animation: its code may not be on the device yet, and a
                transition that cannot load leaves the page blank. */}
            <IonRouterOutlet id="main" animated={online}>
              <Route path="/" element={<Navigate to={paths.tabs.game} replace />} />
              <Route path="/app" element={<Navigate to={paths.tabs.game} replace />} />
              <Route path="/app/tabs/*" element={<Tabs />} />
              <Route path="/tabs" element={<Navigate to={paths.tabs.game} replace />} />
              <Route path="/tabs/:tab" element={<TabsAlias />} />
              <Route path="/c/:slug" element={<ClubLink />} />
              {tabRedirects.map(({ from, to }) => (
                <Route key={from} path={from} element={<Navigate to={to} replace />} />
              ))}
              {appRoutes.map(({ path, Page }) => (
                <Route key={path} path={path} element={<Page />} />
              ))}
              <Route path="*" element={<Navigate to={paths.tabs.game} replace />} />
            </IonRouterOutlet>
          </IonSplitPane>
          <AfterFirstRender>
            <Suspense fallback={null}>
              <NotificationLive />
            </Suspense>
          </AfterFirstRender>
        </IonReactRouter>
        <AfterFirstRender>
          <ClubColors />
          <ToastHost />
          <UpdateChecks />
          <HideSplash />
        </AfterFirstRender>
      </IonApp>
    </QueryClientProvider>
  );
}
