// A review's table and graph. The kernel writes the markup (escaped there); a button, or a
// point of the graph, with a data-open attribute asks the kernel to open that decision in the
// stepper (the kernel checks the number: a message can be forged).

function render({ model, el }) {
  const board = document.createElement("div");
  board.className = "cardlab-review-board";
  const asker = requests(model, el);
  board.addEventListener("click", (event) => {
    const target = event.target.closest("[data-open]");
    if (target && board.contains(target)) {
      asker.ask({ open: Number(target.getAttribute("data-open")) });
    }
  });
  // Once the kernel has opened a decision, show the stepper and put the focus on its Next
  // button, where the learner goes on (an app page has one stepper).
  const reveal = (content) => {
    if (!content || !content.reveal) return;
    const stepper = document.querySelector(".cardlab-stepper");
    if (!stepper) return;
    stepper.scrollIntoView({ block: "start" });
    const next = stepper.querySelector("button.cardlab-primary") || stepper.querySelector("button");
    if (next) next.focus({ preventScroll: true });
  };
  model.on("msg:custom", reveal);
  const update = () => {
    board.innerHTML = model.get("html");
  };
  model.on("change:html", update);
  update();
  el.append(board);
  return () => {
    model.off("change:html", update);
    model.off("msg:custom", reveal);
    asker.stop();
  };
}

export default { render };
