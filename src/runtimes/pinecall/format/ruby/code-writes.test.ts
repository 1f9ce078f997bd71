// Where a Ruby body sets the stage beyond the moves read as edges: drawn as the code's edges, with
// the conditions as written; the moves the document holds (an unconditional top-level write, the
// exporter's chain) are not drawn twice.
import { describe, expect, it } from 'vitest';
import { codeEdgeLabel, codeEdgesOf } from '../../../../model/code-flow';
import { importPinecallRuby } from './import';
import { rubyStageFlow } from './code-writes';

const CLASS = `# Parcels.
class Parcels < Pinecall::Agent
  stage :track, :reschedule, :done

  # Finds the parcel.
  tool stage: :track
  def track(id:)
    parcel = Depot.find(id)
    if parcel.nil?
      self.stage = :done
    elsif parcel[:returned]
      self.stage = :done
    else
      self.stage = :reschedule
    end
    parcel
  end

  # Books it.
  tool stage: :reschedule
  def book(day:)
    self.stage = :done unless day.empty?
    self.stage = slots.any? ? :reschedule : :done
    [1, 2].each do |n|
      self.stage = :track if n > 5
    end
    self.stage = :done
  end
end
`;

describe("the stage writes of a Ruby class's bodies", () => {
  it("draws each write under if, elsif, else, unless, a ternary and a loop as the code's edge, and the top-level move as the document's", () => {
    const read = importPinecallRuby(CLASS);
    if (!read.ok) throw new Error(JSON.stringify(read.errors));
    const doc = read.doc;
    const name = (id: string) => doc.stages.find((s) => s.id === id)!.name;
    expect(doc.edges.map((e) => `${name(e.from)} -> ${name(e.to)}`)).toEqual(['reschedule -> done']);
    const drawn = codeEdgesOf(doc, rubyStageFlow(doc)).map((e) => `${name(e.from)} -> ${name(e.to)} [${codeEdgeLabel(e.write)}]`);
    expect(drawn).toEqual([
      'track -> done [track · parcel.nil?]',
      'track -> done [track · parcel[:returned]]',
      'track -> reschedule [track · else of parcel[:returned]]',
      'reschedule -> done [book · not (day.empty?)]',
      'reschedule -> reschedule [book · slots.any?]',
      'reschedule -> done [book · not (slots.any?)]',
      'reschedule -> track [book · n > 5 (in a callback)]',
    ]);
  });
});
