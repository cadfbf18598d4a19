// Asking the kernel (shared by cardlab's widget scripts, put before each). Every message
// a widget sends carries a number, and the kernel answers it with that number once it has
// done what was asked and sent the page every change that made. Until then the widget is
// aria-busy: a screen reader holds its announcements until the change is whole, the
// pointer shows progress, and a test knows when the page is up to date. A widget whose
// clicks are a player's decisions (its `decisions` trait) drops a click on a button whose
// last click is not answered yet, so that a double click is one decision, not a second
// one taken before the page showed the first (clicks on other buttons, such as three
// cards to pass, go on; a stepper's Next pressed again and again is never dropped).

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
    ask(content) {
      const asked = JSON.stringify(content);
      if (model.get("decisions") && [...pending.values()].includes(asked)) {
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
