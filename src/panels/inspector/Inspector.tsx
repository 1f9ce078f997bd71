export function Inspector() {
  return <div className="panel-body">Inspector</div>;
}
