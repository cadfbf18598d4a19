// Accessible buttons for cardlab widgets: real <button>s with aria-pressed and
// aria-disabled, and a role="status" line. Buttons are updated in place, never
// rebuilt, so keyboard focus stays where it was when the state changes.

function sync(model, asker, group, status, buttons) {
  const wanted = model.get("buttons");
  for (const [id, button] of buttons) {
    if (!wanted.some((spec) => spec.id === id)) {
      button.remove();
      buttons.delete(id);
    }
  }
  wanted.forEach((spec, index) => {
    let button = buttons.get(spec.id);
    if (!button) {
      button = document.createElement("button");
      button.type = "button";
      button.addEventListener("click", () => {
        if (button.getAttribute("aria-disabled") !== "true") {
          const now = model.get("buttons").find((wanted) => wanted.id === spec.id);
          asker.ask({ click: spec.id }, Boolean(now && now.decides));
        }
      });
      buttons.set(spec.id, button);
    }
    // Move a button only when it is out of place: moving a node drops its focus.
    if (group.children[index] !== button) {
      group.insertBefore(button, group.children[index] || status);
    }
    button.textContent = spec.label;
    button.className = spec.primary ? "cardlab-primary" : "";
    // aria-disabled, not disabled: a disabled button would drop the focus to the page.
    button.setAttribute("aria-disabled", spec.disabled ? "true" : "false");
    if (spec.pressed === null || spec.pressed === undefined) {
      button.removeAttribute("aria-pressed");
    } else {
      button.setAttribute("aria-pressed", spec.pressed ? "true" : "false");
    }
  });
}

// ipywidgets' upload button reads its file counter aloud ("Load a game (0)"), and
// its front end takes no ARIA attributes: every page with cardlab controls names
// each upload button with the class cardlab-upload by its tooltip, the description
// without the counter (controls.css shows the same words). One watcher per page.
function nameUploads() {
  if (document.cardlabUploadNames) {
    return;
  }
  const name = () => {
    for (const upload of document.querySelectorAll(".cardlab-upload[title]")) {
      if (upload.getAttribute("aria-label") !== upload.title) {
        upload.setAttribute("aria-label", upload.title);
      }
    }
  };
  document.cardlabUploadNames = new MutationObserver(name);
  document.cardlabUploadNames.observe(document.body, {
    childList: true, subtree: true, attributes: true, attributeFilter: ["title"],
  });
  name();
}

function render({ model, el }) {
  nameUploads();
  const group = document.createElement("div");
  group.className = "cardlab-controls";
  group.setAttribute("role", "group");
  const status = document.createElement("span");
  status.className = "cardlab-status";
  status.setAttribute("role", "status");
  group.append(status);
  const buttons = new Map();
  const asker = requests(model, el);
  const update = () => {
    group.setAttribute("aria-label", model.get("label"));
    sync(model, asker, group, status, buttons);
    status.textContent = model.get("status");
    status.hidden = !model.get("status");
  };
  model.on("change:buttons", update);
  model.on("change:status", update);
  model.on("change:label", update);
  update();
  el.append(group);
  return () => {
    model.off("change:buttons", update);
    model.off("change:status", update);
    model.off("change:label", update);
    asker.stop();
  };
}

export default { render };
