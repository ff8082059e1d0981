// The phone's save log (table.js keeps why a Save did not go) travels with the next
// Save that does, so the host's log says it too (scoring/table/save_log.py). What was
// sent is remembered by its time: each entry goes once.
(() => {
  const LOG = "pitchclub:save-log:";
  const SENT = "pitchclub:save-log-sent:";
  let sending = null;

  const read = (key, empty) => {
    try {
      return JSON.parse(localStorage.getItem(key) || empty);
    } catch {
      return JSON.parse(empty);
    }
  };

  document.addEventListener("htmx:configRequest", (event) => {
    const data = event.detail.formData;
    const form = event.detail.elt;
    // The Save is posted by the form itself (the preview by the bar inside it).
    if (!form || form.id !== "hand-entry" || !(data instanceof FormData)) return;
    if (data.getAll("action").pop() !== "save") return;
    const game = form.dataset.game;
    const since = read(SENT + game, '""');
    const fresh = read(LOG + game, "[]").filter((entry) => entry.at > since);
    if (!fresh.length) return;
    data.set("client_log", JSON.stringify(fresh));
    sending = { game, last: fresh[fresh.length - 1].at };
  });

  document.addEventListener("htmx:afterRequest", (event) => {
    if (!sending) return;
    const xhr = event.detail.xhr;
    const data = event.detail.requestConfig && event.detail.requestConfig.formData;
    if (!(data instanceof FormData) || !data.get("client_log")) return;
    if (xhr && xhr.status >= 200 && xhr.status < 300) {
      try {
        localStorage.setItem(SENT + sending.game, JSON.stringify(sending.last));
      } catch {
        // Storage full: sent again with the next save, logged twice.
      }
    }
    sending = null;
  });
})();
