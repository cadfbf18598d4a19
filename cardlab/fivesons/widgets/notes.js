// The learner's notes sheet: a table of cards by places whose cells are real
// <button>s. Pressing a cell asks Python to cycle its mark (unsure, holds, lacks);
// each button's accessible name says the card, the place, the mark and, after a
// check, the verdict. Cells are updated in place so the focus stays put.

function cellKey(row, column) {
  return `${row.code}|${column.id}`;
}

function render({ model, el }) {
  const table = document.createElement("table");
  table.className = "cardlab-notes";
  const caption = document.createElement("caption");
  const head = document.createElement("thead");
  const body = document.createElement("tbody");
  table.append(caption, head, body);
  const cells = new Map();
  const asker = requests(model, el);

  const build = () => {
    head.replaceChildren();
    body.replaceChildren();
    cells.clear();
    const top = document.createElement("tr");
    const corner = document.createElement("th");
    corner.textContent = model.get("labels").card || "";
    top.append(corner);
    for (const column of model.get("columns")) {
      const th = document.createElement("th");
      th.scope = "col";
      th.textContent = column.name;
      top.append(th);
    }
    head.append(top);
    for (const row of model.get("rows")) {
      const tr = document.createElement("tr");
      const th = document.createElement("th");
      th.scope = "row";
      // The full name, read by screen readers; a narrow screen shows the short one
      // (cardlab-narrow-hidden, controls.css).
      const full = document.createElement("span");
      full.className = row.short ? "cardlab-narrow-hidden" : "";
      full.textContent = row.name;
      th.append(full);
      if (row.short) {
        const short = document.createElement("span");
        short.className = "cardlab-notes-short";
        short.setAttribute("aria-hidden", "true");
        short.textContent = row.short;
        th.append(short);
      }
      th.className = row.red ? "cardlab-red" : "";
      tr.append(th);
      for (const column of model.get("columns")) {
        const td = document.createElement("td");
        const button = document.createElement("button");
        button.type = "button";
        const key = cellKey(row, column);
        button.addEventListener("click", () => asker.ask({ cycle: key }));
        td.append(button);
        tr.append(td);
        cells.set(key, { td, button, row, column });
      }
      body.append(tr);
    }
  };

  const paint = () => {
    const labels = model.get("labels");
    const marks = model.get("marks");
    const verdicts = model.get("verdicts");
    caption.textContent = model.get("caption");
    for (const [key, { td, button, row, column }] of cells) {
      const mark = marks[key] || "unsure";
      const verdict = verdicts[key] || "";
      button.textContent = labels[`symbol_${mark}`] || "";
      const parts = [`${row.name}, ${column.name}: ${labels[mark]}`];
      if (verdict) parts.push(labels[verdict]);
      button.setAttribute("aria-label", parts.join(", "));
      button.dataset.mark = mark;
      td.dataset.verdict = verdict;
    }
  };

  const rebuild = () => {
    build();
    paint();
  };
  const changes = { rows: rebuild, columns: rebuild, marks: paint, verdicts: paint,
                    labels: paint, caption: paint };
  for (const [name, handler] of Object.entries(changes)) {
    model.on(`change:${name}`, handler);
  }
  rebuild();
  const wrap = document.createElement("div");
  wrap.className = "cardlab-notes-wrap";
  wrap.append(table);
  el.append(wrap);
  return () => {
    for (const [name, handler] of Object.entries(changes)) {
      model.off(`change:${name}`, handler);
    }
    asker.stop();
  };
}

export default { render };
