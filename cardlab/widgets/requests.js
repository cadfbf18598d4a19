// Asking the kernel (shared by cardlab's widget scripts, put before each). Every message
// a widget sends carries a number, and the kernel answers it with that number once it has
// done what was asked and sent the page every change that made. Until then the widget is
// aria-busy: a screen reader holds its announcements until the change is whole, the
// pointer shows progress, and a test knows when the page is up to date. A click that is a
// player's decision (`ask(content, true)`) is dropped while the same click is unanswered,
// so that a double click is one decision, not a second one taken before the page showed
// the first; other clicks all go (a stepper's Next pressed again and again, a card to
// pass chosen and unchosen).

let requestsSent = 0;

function requests(model, el) {
  const pending = new Map(); // request number -> what it asked, as JSON
  const answered = (content) => {
    if (content && pending.delete(content.answered) && pending.size === 0) {
      el.removeAttribute("aria-busy");
    }
  };
  model.on("msg:custom", answered);
  return {
    ask(content, decides = false) {
      const asked = JSON.stringify(content);
      if (decides && [...pending.values()].includes(asked)) {
        return;
      }
      const request = ++requestsSent;
      pending.set(request, asked);
      el.setAttribute("aria-busy", "true");
      model.send({ ...content, request });
    },
    stop() {
      model.off("msg:custom", answered);
    },
  };
}
