// Registers the service worker (served at /sw.js so it covers the whole site): pages
// you opened and the site's own files stay on the phone for when the network is gone.
// Browsers without service workers (or on plain http away from localhost) just go on.
(() => {
  if (!("serviceWorker" in navigator)) return;
  const register = () => {
    if (!navigator.onLine) {
      // Without network the worker's script can't be fetched: register once it's back.
      window.addEventListener("online", register, { once: true });
      return;
    }
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {
      // Not available here (private mode, storage turned off): the site works without.
    });
  };
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });

  // Signing out forgets the pages kept on the phone: they may show a private club's
  // games to whoever uses the phone next. (Hands not sent yet stay: they are sent
  // when a scorekeeper of that game opens it again.)
  document.addEventListener("submit", (event) => {
    const form = event.target;
    const worker = navigator.serviceWorker.controller;
    if (worker && form instanceof HTMLFormElement && /\/logout\/?$/.test(form.action)) {
      worker.postMessage({ type: "forget-pages" });
    }
  });
})();
