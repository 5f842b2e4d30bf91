/**
 * The side panel: planner buttons, the debug and comparison toggles, the last plan's numbers and
 * the comparison table. Plain DOM, so it stays sharp and readable at any canvas scale.
 */
import type { CompareEntry, PlannerInfo, PlanStats } from './pathing.js';

export interface PanelActions {
  choosePlanner(id: string): void;
  toggleDebug(): void;
  toggleCompare(): void;
}

export interface Panel {
  showPlanner(id: string): void;
  showDebug(on: boolean): void;
  showCompare(on: boolean, entries: readonly CompareEntry[] | undefined): void;
  showPlan(stats: PlanStats): void;
  /** A short line of feedback ("Tank 2 replanned", "No path for ship 8"). */
  say(message: string): void;
}

const hex = (colour: number): string => `#${colour.toString(16).padStart(6, '0')}`;
const tiles = (n: number): string => (Number.isFinite(n) ? n.toFixed(2) : '–');
const ms = (n: number): string => (n < 10 ? n.toFixed(2) : n.toFixed(1));

export function createPanel(root: HTMLElement, planners: readonly PlannerInfo[], available: (id: string) => boolean, actions: PanelActions): Panel {
  root.innerHTML = `
    <h1>Headway <span>pathfinding for Phaser 4</span></h1>
    <section>
      <h2>Planner</h2>
      <div class="planners">${planners
        .map(
          (p) => `<button data-planner="${p.id}" ${available(p.id) ? '' : 'disabled title="cannot plan on tile costs; see it in the comparison (C)"'}>
            <kbd>${p.key}</kbd><i style="background:${hex(p.colour)}"></i>${p.label}</button>`,
        )
        .join('')}</div>
      <div class="toggles">
        <button data-toggle="debug"><kbd>D</kbd>Debug view</button>
        <button data-toggle="compare"><kbd>C</kbd>Compare planners</button>
      </div>
    </section>
    <section class="plan">
      <h2>Last plan</h2>
      <dl>
        <dt>planner</dt><dd data-stat="planner">–</dd>
        <dt>unit</dt><dd data-stat="unit">–</dd>
        <dt>result</dt><dd data-stat="status">–</dd>
        <dt>time</dt><dd data-stat="time">–</dd>
        <dt>length</dt><dd data-stat="length">–</dd>
        <dt>expanded</dt><dd data-stat="expanded">–</dd>
      </dl>
    </section>
    <section class="compare" hidden>
      <h2>Comparison</h2>
      <p class="hint">Click a start, then a goal.</p>
      <table><thead><tr><th></th><th>planner</th><th>length</th><th>ms</th><th>nodes</th></tr></thead><tbody></tbody></table>
      <p class="hint">Shortest paths, tile costs aside. Grid and any-angle planners route a point; the directional ones a tank 1.5 tiles wide that turns in 2.</p>
    </section>
    <p class="message" aria-live="polite"></p>
    <section class="help">
      <h2>Controls</h2>
      <ul>
        <li><b>Click</b> a unit or <b>drag</b> a box to select</li>
        <li><b>Click</b> the ground to send the selection there</li>
        <li><b>Right click</b> or <kbd>W</kbd>: place / remove a wall</li>
        <li><kbd>1</kbd>–<kbd>7</kbd> planner, <kbd>D</kbd> debug, <kbd>C</kbd> compare</li>
      </ul>
      <p class="legend"><b>Infantry</b> turn on the spot · <b>tanks</b> turn in 2 tiles and reverse · <b>ships</b> need water and 4 tiles to turn</p>
    </section>`;
  const all = <T extends Element>(selector: string): T[] => [...root.querySelectorAll<T>(selector)];
  const one = <T extends Element>(selector: string): T => root.querySelector<T>(selector)!;
  for (const button of all<HTMLButtonElement>('[data-planner]')) {
    button.addEventListener('click', () => actions.choosePlanner(button.dataset.planner!));
  }
  one<HTMLButtonElement>('[data-toggle="debug"]').addEventListener('click', () => actions.toggleDebug());
  one<HTMLButtonElement>('[data-toggle="compare"]').addEventListener('click', () => actions.toggleCompare());
  const stat = (name: string, text: string): void => void (one<HTMLElement>(`[data-stat="${name}"]`).textContent = text);
  const label = (id: string): string => planners.find((p) => p.id === id)?.label ?? id;
  const message = one<HTMLElement>('.message');
  let messageTimer: ReturnType<typeof setTimeout> | undefined;

  return {
    showPlanner(id) {
      for (const b of all<HTMLButtonElement>('[data-planner]')) b.classList.toggle('active', b.dataset.planner === id);
    },
    showDebug(on) {
      one('[data-toggle="debug"]').classList.toggle('active', on);
    },
    showCompare(on, entries) {
      one('[data-toggle="compare"]').classList.toggle('active', on);
      one<HTMLElement>('.compare').hidden = !on;
      one<HTMLElement>('.compare .hint').textContent = entries ? 'Click a new start, then a goal.' : 'Click a start, then a goal.';
      const rows = (entries ?? []).map((e) => {
        const colour = planners.find((p) => p.id === e.planner)?.colour ?? 0xffffff;
        return `<tr data-planner="${e.planner}"><td><i style="background:${hex(colour)}"></i></td><td>${label(e.planner)}</td>
          <td>${e.status === 'found' ? tiles(e.length) : e.status}</td><td>${ms(e.timeMs)}</td><td>${e.expanded}</td></tr>`;
      });
      one('.compare tbody').innerHTML = rows.join('');
    },
    showPlan(s) {
      stat('planner', label(s.planner));
      stat('unit', s.unit);
      stat('status', s.status);
      stat('time', `${ms(s.timeMs)} ms`);
      stat('length', `${tiles(s.length)} tiles`);
      stat('expanded', `${s.expanded} nodes`);
    },
    say(text) {
      message.textContent = text;
      clearTimeout(messageTimer);
      messageTimer = setTimeout(() => (message.textContent = ''), 4000);
    },
  };
}
