// A review's table and graph. The kernel writes the markup (escaped there); a button, or a
// point of the graph, with a data-open attribute asks the kernel to open that decision in the
// stepper (the kernel checks the number: a message can be forged).

function render({ model, el }) {
  const board = document.createElement("div");
  board.className = "cardlab-review-board";
  board.addEventListener("click", (event) => {
    const target = event.target.closest("[data-open]");
    if (target && board.contains(target)) {
      model.send({ open: Number(target.getAttribute("data-open")) });
    }
  });
  const update = () => {
    board.innerHTML = model.get("html");
  };
  model.on("change:html", update);
  update();
  el.append(board);
  return () => model.off("change:html", update);
}

export default { render };
