// Card buttons for cardlab widgets: each card a real <button> named by the card's
// full name, aria-disabled (never disabled, so it stays focusable and a click still
// reaches Python, which explains), aria-pressed when selectable, a mark when received.
// A plain card is a picture (role="img", same name), not a button: out of the tab order.
// Cards are kept by card code and updated in place; when the focused card leaves (it was
// played) or turns plain, the focus moves to the card button that took its place, or to
// the row.

let widgets = 0;

function makeCard(model, asker, code, plain) {
  const button = document.createElement(plain ? "span" : "button");
  button.className = "cardlab-card";
  if (plain) {
    button.setAttribute("role", "img");
  } else {
    button.type = "button";
    // A card to play or show is a decision; one to pass is switched on and off.
    button.addEventListener("click", () => asker.ask({ click: code }, model.get("decisions")));
  }
  const face = document.createElement("span");
  face.className = "cardlab-card-face";
  face.setAttribute("aria-hidden", "true");
  const mark = document.createElement("span");
  mark.className = "cardlab-card-mark";
  mark.setAttribute("aria-hidden", "true");
  button.append(face, mark);
  return button;
}

function sync(model, asker, row, buttons, noteId) {
  const wanted = model.get("cards");
  const focused = [...buttons.values()].indexOf(document.activeElement);
  let lostFocus = false;
  for (const [code, button] of buttons) {
    if (!wanted.some((card) => card.code === code)) {
      lostFocus ||= button === document.activeElement;
      button.remove();
      buttons.delete(code);
    }
  }
  wanted.forEach((card, index) => {
    let button = buttons.get(card.code);
    if (button && (button.tagName === "SPAN") !== Boolean(card.plain)) {
      lostFocus ||= button === document.activeElement;
      button.remove();
      button = undefined;
    }
    if (!button) {
      button = makeCard(model, asker, card.code, Boolean(card.plain));
      buttons.set(card.code, button);
    }
    // Move a card only when it is out of place: moving a node drops its focus.
    if (row.children[index] !== button) {
      row.insertBefore(button, row.children[index] || null);
    }
    const face = button.firstChild;
    if (face.dataset.svg !== card.svg) {
      face.innerHTML = card.svg;
      face.dataset.svg = card.svg;
    }
    button.setAttribute("aria-label", card.name);
    button.dataset.card = card.code;
    if (!card.plain) { // a picture has no button states
      button.setAttribute("aria-disabled", card.disabled ? "true" : "false");
    }
    if (card.plain || card.pressed === null || card.pressed === undefined) {
      button.removeAttribute("aria-pressed");
    } else {
      button.setAttribute("aria-pressed", card.pressed ? "true" : "false");
    }
    button.classList.toggle("cardlab-card-received", Boolean(card.received));
    button.lastChild.textContent = card.received ? model.get("received_label") : "";
    if (card.received) {
      button.setAttribute("aria-describedby", noteId);
    } else {
      button.removeAttribute("aria-describedby");
    }
  });
  if (lostFocus) {
    const rest = [...buttons.values()].filter((b) => b.tagName === "BUTTON");
    (rest[Math.min(focused, rest.length - 1)] || row).focus();
  }
}

function render({ model, el }) {
  const row = document.createElement("div");
  row.className = "cardlab-cards";
  row.setAttribute("role", "group");
  row.tabIndex = -1; // takes the focus when the last card leaves
  const note = document.createElement("span");
  note.className = "cardlab-visually-hidden";
  note.id = `cardlab-cards-note-${++widgets}`;
  const buttons = new Map();
  const asker = requests(model, el);
  const update = () => {
    row.setAttribute("aria-label", model.get("label"));
    note.textContent = model.get("received_label");
    sync(model, asker, row, buttons, note.id);
  };
  model.on("change:cards", update);
  model.on("change:label", update);
  model.on("change:received_label", update);
  update();
  el.append(row, note);
  return () => {
    model.off("change:cards", update);
    model.off("change:label", update);
    model.off("change:received_label", update);
    asker.stop();
  };
}

export default { render };
