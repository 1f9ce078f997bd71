// Issue 33: a view's expressions are code. `{this.pet?.name}` in a stage's section came back as the
// literal text "{{ pet?.name }}" (Pinecall would send it to the model as written), with only a
// warning. Now a section showing anything but text and `{this.field}` stays code, and the
// simulator renders it as Pinecall does; only what the document models becomes instructions.
import { describe, expect, it } from 'vitest';
import { renderedView } from '../../../simulator/view';
import { withoutKeptSources } from '../../../formats/kept-source';
import { exportPinecallTs } from './export';
import { importPinecallTs } from './import';

const CLASS = `import { Agent, state, tool, type Stages } from "@pinecall/agents";

/** You book visits at Hillside Vets. */
export default class HillsideVets extends Agent {
  @state stage: Stages<"ask" | "confirm"> = "ask";
  @state pet: { name: string } | null = null;
  @state slots: string[] = [];

  get petLabel(): string {
    return this.pet ? this.pet.name : "your pet";
  }

  render() {
    return (
      <>
        {this.stage === "ask" && <p>Ask for the pet's name.</p>}
        {this.stage === "confirm" && <p>Confirm the visit for {this.pet?.name}.</p>}
        {this.stage === "confirm" && <p>Free slots: {this.slots.map((s) => s.toUpperCase()).join(", ")}.</p>}
        {this.stage === "confirm" && <p>You are booking for {this.petLabel}.</p>}
      </>
    );
  }

  /** Record the pet's name. */
  @tool({ stage: "ask" })
  async name(pet_name: string) {
    this.pet = { name: pet_name };
    this.stage = "confirm";
    return { ok: true };
  }
}
`;

describe('expressions in render()', () => {
  const read = importPinecallTs(CLASS);
  if (!read.ok) throw new Error(JSON.stringify(read.errors));
  const doc = read.doc;

  it('only text and {this.field} (a getter too) become instructions; the rest stays code, with no warning', () => {
    expect(read.warnings).toEqual([]);
    expect(doc.stages.map((s) => [s.name, s.instructions])).toEqual([
      ['ask', "Ask for the pet's name."],
      ['confirm', 'You are booking for {{ petLabel }}.'],
    ]);
    expect(JSON.stringify(doc)).not.toContain('{{ pet?.name }}');
  });

  it('exports back byte-identical, and the exporter writes the kept sections as they were', () => {
    expect(exportPinecallTs(doc).text).toBe(CLASS);
    const fresh = exportPinecallTs(withoutKeptSources(doc)).text;
    expect(fresh).toContain('{this.stage === "confirm" && <p>Confirm the visit for {this.pet?.name}.</p>}');
    expect(fresh).toContain('{this.stage === "confirm" && <p>Free slots: {this.slots.map((s) => s.toUpperCase()).join(", ")}.</p>}');
  });

  it('the simulator renders the kept sections as Pinecall does, for the state and stage', async () => {
    expect(await renderedView(doc, { stage: 'confirm', pet: { name: 'Rex' }, slots: ['mon 9:00', 'tue 10:30'] })).toEqual({
      text: 'Confirm the visit for Rex.\n\nFree slots: MON 9:00, TUE 10:30.',
    });
    expect(await renderedView(doc, { stage: 'ask', pet: null, slots: [] })).toEqual({ text: '' });
  });
});
