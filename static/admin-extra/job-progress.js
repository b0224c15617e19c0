// Keeps a running job's page current without reloading it (a page that reloads itself every
// few seconds takes a screen reader back to the top and cannot be paused): every few seconds
// it fetches the page again and swaps in the job's status and its items. The progress line is
// a polite live region; "Pause updates" stops the polling; it ends when the job has finished.
"use strict";
(function () {
  const status = document.getElementById("job-status");
  const pause = document.getElementById("job-pause");
  if (!status || status.dataset.finished === "true") return;
  const every = 3000;
  let timer = null;
  let paused = false;

  function swap(fresh, id) {
    const here = document.getElementById(id);
    const there = fresh.getElementById(id);
    if (here && there) here.innerHTML = there.innerHTML;
  }

  async function update() {
    timer = null;
    try {
      const response = await fetch(window.location.href, { credentials: "same-origin" });
      if (response.ok) {
        const fresh = new DOMParser().parseFromString(await response.text(), "text/html");
        const state = fresh.getElementById("job-status");
        if (state) {
          ["job-summary", "job-progress-line", "job-notes", "job-items"].forEach(function (id) {
            swap(fresh, id);
          });
          if (state.dataset.finished === "true") {
            status.dataset.finished = "true";
            if (pause) pause.hidden = true;
            return;
          }
        }
      }
    } catch (error) {
      // The network or the server hiccupped: try again at the next turn.
    }
    schedule();
  }

  function schedule() {
    if (!paused && timer === null) timer = window.setTimeout(update, every);
  }

  if (pause) {
    pause.hidden = false;
    pause.addEventListener("click", function () {
      paused = !paused;
      pause.textContent = paused ? pause.dataset.resume : pause.dataset.pause;
      pause.setAttribute("aria-pressed", paused ? "true" : "false");
      if (paused && timer !== null) {
        window.clearTimeout(timer);
        timer = null;
      }
      schedule();
    });
  }
  schedule();
})();
