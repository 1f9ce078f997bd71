// IntelePeer's documentation writes looping KPIs as maps (kpi_name, value {default, source},
// kpi_type); they are read and written back as written, beside KPIs given by name.
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readFixture } from '../../../../test/fixtures/block-agent/fixtures';
import { exportJson, importJson } from '../../../formats/json';
import { kpiName, validateDocument } from '../../../model';
import { exportBlockAgentYaml } from './export';
import { importBlockAgentYaml } from './import';

const DOC_KPIS = [
  { kpi_name: 'intent_not_detected', value: { default: 'true', source: 'static' }, kpi_type: 'boolean' },
  { kpi_name: 'caller_reason', value: { default: 'unknown', source: 'tools' }, kpi_type: 'string' },
];

const imported = (text: string) => {
  const result = importBlockAgentYaml(text);
  if (!result.ok) throw new Error(result.errors.map((e) => `${e.line}:${e.column} ${e.message}`).join('\n'));
  return result;
};

describe('looping kpis as IntelePeer documents them', () => {
  it('reads KPI maps as written, with no warning', () => {
    const { doc, warnings } = imported(readFixture('kpi-objects.yaml'));
    expect(doc.blocks[0].looping?.kpis).toEqual(DOC_KPIS);
    expect(warnings).toEqual([]);
    expect(validateDocument(doc).ok).toBe(true);
  });

  it('writes them back as written: YAML → YAML, and YAML → JSON → YAML', () => {
    const { doc } = imported(readFixture('kpi-objects.yaml'));
    const once = exportBlockAgentYaml(doc).text;
    expect(parse(once).blocks[0].looping.kpis).toEqual(DOC_KPIS);
    const viaJson = importJson(exportJson(doc));
    if (!viaJson.ok) throw new Error('the JSON does not load');
    expect(parse(exportBlockAgentYaml(viaJson.doc).text).blocks[0].looping.kpis).toEqual(DOC_KPIS);
    expect(exportBlockAgentYaml(imported(once).doc).text).toBe(once);
  });

  it('keeps names and maps together in their order', () => {
    const text = readFixture('kpi-objects.yaml').replace('      kpis:\n', '      kpis:\n        - handoff\n');
    expect(imported(text).doc.blocks[0].looping?.kpis).toEqual(['handoff', ...DOC_KPIS]);
  });

  it('refuses a KPI that is a list, saying what a KPI may be', () => {
    const text = readFixture('kpi-objects.yaml').replace('      kpis:\n', '      kpis:\n        - [a, b]\n');
    const result = importBlockAgentYaml(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[0].message).toMatch(/each of kpis is a name \(- handoff\) or a KPI written as a map/);
  });

  it('names a KPI by its kpi_name where one line is shown (the simulator trace, the inspector)', () => {
    expect(DOC_KPIS.map(kpiName)).toEqual(['intent_not_detected', 'caller_reason']);
    expect(kpiName('handoff')).toBe('handoff');
  });
});
