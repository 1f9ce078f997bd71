import Ajv from 'ajv';
const schema = JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"},"constructor":{"type":"string"},"toString":{"type":"string"}},"required":["__proto__","constructor"],"additionalProperties":false}');
for (const opts of [{}, { ownProperties: true }]) {
  const ajv = new Ajv({ allErrors: true, strict: false, ...opts });
  try {
  const v = ajv.compile(schema);
  for (const data of ['{}', '{"__proto__":"a","constructor":"b"}', '{"__proto__":"a","constructor":"b","toString":"c"}', '{"__proto__":1,"constructor":"b"}']) {
    console.log(JSON.stringify(opts), data, v(JSON.parse(data)), JSON.stringify(v.errors?.map(e=>e.instancePath+' '+e.message)));
  }
  } catch (e) { console.log('compile error', e.message); }
}
const ajv = new Ajv({ strict: true, allowUnionTypes: true });
try { ajv.compile(schema); console.log('strict ok'); } catch (e) { console.log('strict', e.message); }
