// A long name is cut on its button ("Bartholome…haugh"): the one tapped is shown
// whole beside its row's legend, so the scorekeeper sees who was chosen.
(() => {
  const cut = (label) => {
    const text = label.querySelector(".clamp") || label;
    return (
      label.textContent.includes("…") ||
      text.scrollHeight > text.clientHeight + 1 ||
      text.scrollWidth > text.clientWidth + 1
    );
  };
  const showChosen = (row) => {
    const shown = row.querySelector("[data-chosen]");
    if (!shown) return;
    const input = row.querySelector("input.tap-input:checked");
    const label = input && row.querySelector(`label[for="${input.id}"]`);
    shown.textContent = label && label.title && cut(label) ? label.title : "";
  };
  const showAll = () => {
    for (const row of document.querySelectorAll("#hand-entry fieldset.taps")) showChosen(row);
  };
  document.addEventListener("change", (event) => {
    const row = event.target.closest && event.target.closest("#hand-entry fieldset.taps");
    if (row) showChosen(row);
  });
  document.addEventListener("htmx:afterSettle", showAll);
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", showAll);
  } else {
    showAll();
  }
})();
