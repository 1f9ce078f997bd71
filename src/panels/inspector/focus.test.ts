import { describe, expect, it } from 'vitest';
import { bestFieldPath, parametersPointer, pathInEntity, toolTabForPath } from './focus';

describe('reading a problem path in the inspector', () => {
  it('cuts the entity part off', () => {
    expect(pathInEntity('/tools/3/parameters/properties/phone/pattern')).toBe('/parameters/properties/phone/pattern');
    expect(pathInEntity('/tools/3')).toBe('');
    expect(pathInEntity('/persona')).toBe('/persona');
    expect(pathInEntity('/llm/temperature')).toBe('/llm/temperature');
    expect(pathInEntity('/state/1/pii', 'state')).toBe('/pii');
    expect(pathInEntity('/state/1/pii', 'agent')).toBe('/state/1/pii');
  });

  it('picks the tool tab', () => {
    expect(toolTabForPath('/parameters/properties/phone/pattern')).toBe('params');
    expect(toolTabForPath('/confirm')).toBe('options');
    expect(toolTabForPath('/mcp/headers/Authorization')).toBe('options');
    expect(toolTabForPath('/description')).toBe('docs');
    expect(toolTabForPath('/implementation')).toBe('code');
    expect(toolTabForPath('/mocks/agendaFor')).toBe('code');
    expect(toolTabForPath('/mock')).toBe('options');
    expect(toolTabForPath('/name')).toBeUndefined();
    expect(toolTabForPath('')).toBeUndefined();
  });

  it('turns a parameters path into a pointer into the schema', () => {
    expect(parametersPointer('/parameters/properties/phone/pattern')).toBe('/properties/phone/pattern');
    expect(parametersPointer('/parameters')).toBe('');
    expect(parametersPointer('/confirm')).toBeUndefined();
  });

  it('reveals the field itself or the one holding the path', () => {
    const fields = ['/confirm', '/parameters', '/parameters/properties/phone', '/parameters/properties/phone/pattern'];
    expect(bestFieldPath('/parameters/properties/phone/pattern', fields)).toBe('/parameters/properties/phone/pattern');
    expect(bestFieldPath('/parameters/properties/phone/minLength', fields)).toBe('/parameters/properties/phone');
    expect(bestFieldPath('/parameters/required/1', fields)).toBe('/parameters');
    expect(bestFieldPath('/confirmation', fields)).toBeUndefined();
  });
});
