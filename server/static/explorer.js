// papamu explorer: draws a position from /api/position, colours its moves from /api/probe, and
// keeps the game's history (undo/redo) and the position in the URL. All rules and values come
// from the server: this script only draws and asks.
"use strict";

const CELL = 60;
const MARGIN = 24;
const SVG_NS = "http://www.w3.org/2000/svg";
const VARIANTS = { konane: ["standard", "single-jump", "open-any", "single-jump+open-any"], unane: ["standard", "no-pie"] };

const state = {
  variant: "standard",
  history: [],      // positions from the start of this game
  moves: [],        // moves[i] leads from history[i] to history[i + 1]
  index: 0,         // the shown position is history[index]
  info: null,       // /api/position of the shown position
  probe: null,      // /api/probe of the shown position (or {error})
  selected: null,   // a cell name
  cursor: -1,       // keyboard choice in the move list
  puzzle: null,     // {file, n, data, start, solved, failed}
};

const $ = (id) => document.getElementById(id);

async function api(path, parameters, body) {
  const query = new URLSearchParams(parameters || {}).toString();
  const options = body === undefined ? {} : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
  const response = await fetch(path + (query ? "?" + query : ""), options);
  const json = await response.json();
  if (!response.ok) throw new Error(json.error || "HTTP " + response.status);
  return json;
}

// ---- drawing ------------------------------------------------------------------------------

function svgElement(name, attributes, text) {
  const element = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
  if (text !== undefined) element.textContent = text;
  return element;
}

function cellCentre(info, name) {
  const column = info.column_names.indexOf(name.match(/^[a-z]+/)[0]);
  const row = parseInt(name.match(/[0-9]+$/)[0], 10) - 1;
  const rows = info.rows.length;
  return { x: MARGIN + column * CELL + CELL / 2, y: (rows - 1 - row) * CELL + 2 + CELL / 2 };
}

// A move's rating by name, from the probe when it has answered: result_for_mover (win, loss or
// unknown, for the player making it) and remoteness (absent where search left it open).
function ratingOf(move) {
  if (!state.probe || !state.probe.moves || hideValues()) return null;
  return state.probe.moves.find((rated) => rated.move === move) || null;
}

function hideValues() {
  return state.puzzle && !state.puzzle.solved && !state.puzzle.revealed;
}

function valueClass(rating) {
  return rating ? rating.result_for_mover : "unknown";
}

function colourOf(rating) {
  return { win: "#2e7d32", loss: "#c62828" }[valueClass(rating)] || "#757575";
}

function drawBoard() {
  const info = state.info;
  const svg = $("board-svg");
  svg.replaceChildren();
  const rows = info.rows.length;
  const columns = info.rows[0].length;
  const width = MARGIN + columns * CELL + 4;
  const height = rows * CELL + MARGIN + 4;
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.setAttribute("aria-label", info.position);
  for (let row = 0; row < rows; ++row) {
    for (let column = 0; column < columns; ++column) {
      const name = info.column_names[column] + (row + 1);
      const x = MARGIN + column * CELL;
      const y = (rows - 1 - row) * CELL + 2;
      const dark = (row + column) % 2 === 0;
      svg.append(svgElement("rect", { x, y, width: CELL, height: CELL, fill: dark ? "#c8a46e" : "#e8d3a9",
        stroke: "#6b4f2a", "stroke-width": 0.5, class: "cell", "data-cell": name }));
      const stone = info.rows[rows - 1 - row][column];
      if (stone !== ".") {
        svg.append(svgElement("circle", { cx: x + CELL / 2, cy: y + CELL / 2, r: CELL / 2 - 5,
          fill: stone === "B" ? "#111" : "#fafafa", stroke: "#111", "stroke-width": 1.2,
          class: "stone" + (name === state.selected ? " selected" : ""), "data-cell": name, "data-stone": stone }));
      }
    }
    svg.append(svgElement("text", { x: MARGIN / 2, y: (rows - 1 - row) * CELL + 2 + CELL / 2 + 4, "font-size": 12, "text-anchor": "middle" }, String(row + 1)));
  }
  for (let column = 0; column < columns; ++column) {
    svg.append(svgElement("text", { x: MARGIN + column * CELL + CELL / 2, y: rows * CELL + 18, "font-size": 12, "text-anchor": "middle" }, info.column_names[column]));
  }
  drawMarkers(svg);
}

// Without a selection: a ring round every stone that can move, coloured by its best move. With
// one: a disc on every target of the selected stone, coloured by the move's value, with its
// remoteness (a ring on the stone itself for its removal).
function drawMarkers(svg) {
  const info = state.info;
  if (!state.selected) {
    const best = new Map();
    for (const move of info.moves) {
      if (!move.from) continue;
      const rating = ratingOf(move.move);
      const current = best.get(move.from);
      if (!current || (rating && rating.result_for_mover === "win")) best.set(move.from, rating);
    }
    for (const [cell, rating] of best) {
      const centre = cellCentre(info, cell);
      svg.append(svgElement("circle", { cx: centre.x, cy: centre.y, r: CELL / 2 - 2, fill: "none", stroke: colourOf(rating),
        "stroke-width": 3, "pointer-events": "none", class: "movable" }));
    }
    return;
  }
  for (const move of info.moves.filter((candidate) => candidate.from === state.selected)) {
    const rating = ratingOf(move.move);
    const centre = cellCentre(info, move.to);
    const removal = move.from === move.to;
    svg.append(svgElement("circle", { cx: centre.x, cy: centre.y, r: removal ? CELL / 2 - 2 : CELL / 4,
      fill: removal ? "none" : colourOf(rating), stroke: colourOf(rating), "stroke-width": removal ? 4 : 1,
      "fill-opacity": 0.85, "pointer-events": "none", class: "target", "data-move": move.move }));
    const label = rating && rating.remoteness !== undefined ? String(rating.remoteness) : (rating ? "" : "?");
    if (label !== "" && !hideValues()) {
      svg.append(svgElement("text", { x: centre.x, y: removal ? centre.y - CELL / 2 + 14 : centre.y + 5, "font-size": 14,
        "font-weight": 700, "text-anchor": "middle", fill: removal ? colourOf(rating) : "#fff", "pointer-events": "none" }, label));
    }
  }
}

function describeValue(value, remoteness) {
  if (!value || value === "unknown") return "unknown";
  return remoteness === null || remoteness === undefined ? value : `${value} in ${remoteness}`;
}

function drawPanels() {
  const info = state.info;
  const probe = state.probe || {};
  const side = info.side.charAt(0).toUpperCase() + info.side.slice(1);
  let status;
  if (info.finished) {
    status = `Game over: ${side} to move ${info.value === "win" ? "has won" : "has lost"}`;
  } else if (hideValues()) {
    status = `${side} to move`;
  } else if (probe.error) {
    status = `${side} to move — ${probe.error}`;
  } else {
    status = `${side} to move: ${describeValue(probe.value, probe.remoteness)}` + (probe.source ? ` (${probe.source})` : "");
  }
  $("status").textContent = status;
  $("status").className = hideValues() || !probe.value ? "" : probe.value;
  $("position-text").textContent = info.position;

  const list = $("moves");
  list.replaceChildren();
  const ordered = probe.moves && !hideValues() ? probe.moves.map((rated) => rated.move) : info.moves.map((move) => move.move);
  ordered.forEach((name, index) => {
    const rating = ratingOf(name);
    const button = document.createElement("button");
    button.type = "button";
    button.className = "move " + (hideValues() ? "" : valueClass(rating));
    button.dataset.move = name;
    button.dataset.value = rating ? rating.result_for_mover : "";
    button.dataset.remoteness = rating && rating.remoteness !== undefined ? String(rating.remoteness) : "";
    button.textContent = hideValues() ? name : `${name}  ${describeValue(rating && rating.result_for_mover, rating && rating.remoteness)}`;
    button.addEventListener("click", () => play(name));
    const item = document.createElement("li");
    if (index === state.cursor) item.className = "cursor";
    item.append(button);
    list.append(item);
  });
  $("best-line").textContent = hideValues() ? "(hidden while solving)" : (probe.best_line || []).join(" ") || "—";
  $("played").textContent = state.moves.slice(0, state.index).join(" ") || "—";
  $("undo").disabled = state.index === 0;
  $("first").disabled = state.index === 0;
  $("redo").disabled = state.index >= state.moves.length;
  $("last").disabled = state.index >= state.moves.length;
}

function render() {
  drawBoard();
  drawPanels();
}

// ---- positions and history ----------------------------------------------------------------

async function show(position) {
  const [info, probe] = await Promise.all([
    api("/api/position", { p: position, variant: state.variant }),
    api("/api/probe", { p: position, variant: state.variant }).catch((error) => ({ error: error.message })),
  ]);
  state.info = info;
  state.probe = probe;
  state.selected = null;
  state.cursor = -1;
  syncPickers();
  updateUrl();
  render();
  // Tests wait for this counter rather than for a fixed time.
  document.body.dataset.shown = String(Number(document.body.dataset.shown || 0) + 1);
}

async function startGame(position, variant) {
  state.variant = variant || "standard";
  state.history = [position];
  state.moves = [];
  state.index = 0;
  await show(position);
}

async function play(moveName) {
  const move = state.info.moves.find((candidate) => candidate.move === moveName);
  if (!move) return;
  state.history.length = state.index + 1;
  state.moves.length = state.index;
  state.history.push(move.after);
  state.moves.push(move.move);
  state.index += 1;
  await show(move.after);
  if (state.puzzle) await puzzleAfterMove();
}

async function goTo(index) {
  if (index < 0 || index >= state.history.length || index === state.index) return;
  state.index = index;
  await show(state.history[index]);
}

function updateUrl() {
  const parameters = new URLSearchParams();
  if (state.puzzle) {
    parameters.set("puzzle", state.puzzle.file);
    parameters.set("n", state.puzzle.n);
  } else {
    parameters.set("p", state.info.position);
    if (state.variant !== "standard") parameters.set("variant", state.variant);
  }
  history.replaceState(null, "", "?" + parameters.toString());
}

function syncPickers() {
  $("game").value = state.info.game;
  $("board").value = state.info.board;
  fillVariants(state.info.game);
  $("variant").value = state.variant;
}

function fillVariants(game) {
  const select = $("variant");
  const wanted = VARIANTS[game];
  if ([...select.options].map((option) => option.value).join() === wanted.join()) return;
  select.replaceChildren(...wanted.map((name) => new Option(name, name)));
}

// ---- clicks on the board ------------------------------------------------------------------

function onBoardClick(event) {
  const cell = event.target.dataset && event.target.dataset.cell;
  if (!cell || !state.info) return;
  const info = state.info;
  if (state.selected) {
    const move = info.moves.find((candidate) => candidate.from === state.selected && candidate.to === cell);
    if (move) return void play(move.move);
  }
  const own = info.moves.filter((candidate) => candidate.from === cell);
  if (own.length === 1 && own[0].from === own[0].to) return void play(own[0].move);  // only a removal
  state.selected = own.length ? cell : null;
  drawBoard();
}

// ---- keyboard -----------------------------------------------------------------------------

function onKey(event) {
  if (["INPUT", "SELECT", "TEXTAREA"].includes(document.activeElement.tagName)) return;
  if (document.activeElement.tagName === "BUTTON" && event.key === "Enter") return;  // the button's own click
  const buttons = [...document.querySelectorAll("#moves button")];
  const actions = {
    ArrowLeft: () => goTo(state.index - 1),
    ArrowRight: () => goTo(state.index + 1),
    Home: () => goTo(0),
    End: () => goTo(state.history.length - 1),
    Escape: () => { state.selected = null; drawBoard(); },
    ArrowDown: () => { state.cursor = Math.min(state.cursor + 1, buttons.length - 1); drawPanels(); },
    ArrowUp: () => { state.cursor = Math.max(state.cursor - 1, 0); drawPanels(); },
    Enter: () => buttons[state.cursor] && play(buttons[state.cursor].dataset.move),
    b: () => playBest(),
  };
  let action = actions[event.key];
  if (!action && /^[1-9]$/.test(event.key)) {
    const button = buttons[parseInt(event.key, 10) - 1];
    if (button) action = () => play(button.dataset.move);
  }
  if (!action) return;
  event.preventDefault();
  action();
}

function playBest() {
  if (state.probe && state.probe.best_line && state.probe.best_line.length && !hideValues()) play(state.probe.best_line[0]);
}

// ---- puzzles ------------------------------------------------------------------------------

async function loadPuzzle(file, n) {
  const answer = await api("/api/puzzles", { file, n });
  state.puzzle = { file, n: answer.n, count: answer.count, data: answer.puzzle, solved: false, revealed: false };
  $("puzzle-number").value = answer.n;
  $("puzzle-file").value = file;
  setPuzzleStatus(`Puzzle ${answer.n} of ${answer.count}: ${answer.puzzle.side} to play and win (${answer.puzzle.length} plies).`, "");
  await startGame(answer.puzzle.position, answer.puzzle.variant);
}

function setPuzzleStatus(text, kind) {
  $("puzzle-status").textContent = text;
  $("puzzle-status").className = kind;
}

// After each move: the line so far is checked by the server; a wrong move shows its refutation,
// a right one is answered by the defender's best reply until the game ends.
async function puzzleAfterMove() {
  const puzzle = state.puzzle;
  const line = state.moves.slice(0, state.index);
  const check = await api("/api/verify", {}, { position: puzzle.data.position, variant: puzzle.data.variant, moves: line });
  if (!check.valid) {
    puzzle.failed = true;
    setPuzzleStatus(`Not this one: ${check.reason}. Undo (←) and try again.`, "wrong");
    return;
  }
  if (check.complete) {
    puzzle.solved = true;
    setPuzzleStatus(`Solved: ${line.join(" ")}`, "solved");
    render();
    return;
  }
  if (line.length % 2 === 1) {
    // The defender replies: the puzzle's own line while the solver follows it, else the longest resistance.
    const follows = line.every((move, index) => move === puzzle.data.solution[index]);
    const reply = follows ? puzzle.data.solution[line.length] : (state.probe.moves[0] || {}).move;
    setPuzzleStatus(`Good. ${check.continuation}.`, "");
    if (reply) await play(reply);
  } else {
    setPuzzleStatus(`Your move: ${state.info.side} to play.`, "");
  }
}

// ---- start-up -----------------------------------------------------------------------------

async function fillLists() {
  const [tables, puzzles, solved] = await Promise.all([api("/api/tables"), api("/api/puzzles"), api("/api/solved")]);
  $("boards").replaceChildren(...tables.tables.map((table) => new Option(table.board, table.board)));
  $("puzzle-file").replaceChildren(...puzzles.files.map((file) => new Option(`${file.file} (${file.count})`, file.file)));
  const body = $("solved").querySelector("tbody");
  body.replaceChildren(...solved.boards.map((board) => {
    const row = document.createElement("tr");
    const link = document.createElement("a");
    link.href = "?" + new URLSearchParams({ p: board.start, variant: board.variant }).toString();
    link.textContent = `${board.game} ${board.board}${board.variant === "standard" ? "" : " " + board.variant}`;
    link.title = board.certificate.command + " (" + board.certificate.file + ", " + board.certificate.commit + ")";
    const cells = [link, board.winner + (board.winner_without_pie ? ` (no pie: ${board.winner_without_pie})` : ""),
      board.winning_openings.join(" ") || "—"];
    for (const content of cells) {
      const cell = document.createElement("td");
      cell.append(content);
      row.append(cell);
    }
    return row;
  }));
  return tables.tables;
}

function wireControls() {
  $("board-svg").addEventListener("click", onBoardClick);
  document.addEventListener("keydown", onKey);
  $("undo").addEventListener("click", () => goTo(state.index - 1));
  $("redo").addEventListener("click", () => goTo(state.index + 1));
  $("first").addEventListener("click", () => goTo(0));
  $("last").addEventListener("click", () => goTo(state.history.length - 1));
  $("best").addEventListener("click", playBest);
  $("game").addEventListener("change", () => fillVariants($("game").value));
  $("picker").addEventListener("submit", async (event) => {
    event.preventDefault();
    state.puzzle = null;
    setPuzzleStatus("", "");
    const start = await api("/api/start", { game: $("game").value, board: $("board").value, variant: $("variant").value })
      .catch((error) => { $("status").textContent = error.message; return null; });
    if (start) await startGame(start.position, start.variant);
  });
  $("puzzle-picker").addEventListener("submit", (event) => {
    event.preventDefault();
    loadPuzzle($("puzzle-file").value, $("puzzle-number").value).catch((error) => setPuzzleStatus(error.message, "wrong"));
  });
  $("puzzle-next").addEventListener("click", () => {
    const next = state.puzzle ? state.puzzle.n % state.puzzle.count + 1 : 1;
    loadPuzzle($("puzzle-file").value, next).catch((error) => setPuzzleStatus(error.message, "wrong"));
  });
  $("puzzle-solution").addEventListener("click", () => {
    if (!state.puzzle) return;
    state.puzzle.revealed = true;
    setPuzzleStatus(`Solution: ${state.puzzle.data.solution.join(" ")}`, "");
    render();
  });
}

async function main() {
  wireControls();
  const tables = await fillLists();
  const parameters = new URLSearchParams(location.search);
  try {
    if (parameters.get("puzzle")) return await loadPuzzle(parameters.get("puzzle"), parameters.get("n") || "1");
    if (parameters.get("p")) return await startGame(parameters.get("p"), parameters.get("variant") || "standard");
  } catch (error) {
    $("status").textContent = error.message;
    $("status").className = "error";
    return;
  }
  const first = tables[0] || { start: "konane WBWB/BWBW/WBWB/BWBW b", variant: "standard" };
  await startGame(first.start, first.variant);
}

main();
