// Web Push in the service worker (imported by the generated one): shows each message, tells any open
// page so its list and badge refresh at once, and opens the message's link when tapped.
self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    (async () => {
      await self.registration.showNotification(data.title || 'Lastman', {
        body: data.body || '',
        tag: data.id,
        icon: '/icons/icon-192.png',
        data: { link: data.link || '/notification-list' },
      });
      const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      for (const page of pages) page.postMessage({ type: 'lastman:notification', id: data.id });
    })(),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const link = event.notification.data?.link || '/notification-list';
  event.waitUntil(
    (async () => {
      const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      for (const page of pages) {
        if ('focus' in page) {
          await page.focus();
          page.postMessage({ type: 'lastman:open', link });
          return;
        }
      }
      await self.clients.openWindow(link);
    })(),
  );
});
