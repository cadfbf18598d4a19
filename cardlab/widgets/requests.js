// Asking the kernel (shared by cardlab's widget scripts, put before each). Every message
// a widget sends carries a number, and the kernel answers it with that number once it has
// done what was asked and sent the page every change that made. Until then the widget is
// aria-busy: a screen reader holds its announcements until the change is whole, the
// pointer shows progress, and a test knows when the page is up to date.

let requestsSent = 0;

function requests(model, el) {
  const pending = new Set();
  const answered = (content) => {
    if (content && pending.delete(content.answered) && pending.size === 0) {
      el.removeAttribute("aria-busy");
    }
  };
  model.on("msg:custom", answered);
  return {
    ask(content) {
      const request = ++requestsSent;
      pending.add(request);
      el.setAttribute("aria-busy", "true");
      model.send({ ...content, request });
    },
    stop() {
      model.off("msg:custom", answered);
    },
  };
}
