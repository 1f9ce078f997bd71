// Placeholder until the simulator UI lands (issue 4); replaced by its real panel.
export function SimulatorPanel() {
  return <div className="dock-empty">Not built yet.</div>;
}
