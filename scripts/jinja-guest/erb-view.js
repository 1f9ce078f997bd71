// A Pinecall class's ERB view (`views/<slug>.erb`) rendered as the pinecall gem (0.0.4,
// lib/pinecall/view.rb) renders it: `ERB.new(template, trim_mode: "-")` over a Context whose
// names are the state's — every field, derived ones too, `stage` (a Symbol), `resumed`, `call`
// (`Prompt.reading_for`: the snapshot merged with `resumed:` and `call:`) — plus `state` (the
// Reading), `each_line(items)` and `remembers?(text)`. Ruby does not run here: erb-template.js
// reads the ERB and the subset of Ruby a view uses, and this walks it with Ruby's meaning
// (erb-values.js, erb-methods.js). What is outside that subset is refused by name; a derived
// field or `remembers?` without a mock answer is a need. The host tidies the text (erb-view.ts).
// Guest code: runs in QuickJS, and only data crosses.
import { arrayOf, binary, callMethod, format, index, negate, strip } from './erb-methods.js';
import { compile } from './erb-template.js';
import {
  fromJson, NeedsError, noMethod, Reading, RHash, RSym, rubyNumber, RubyError, SyntaxProblem, toS, truthy, Unsupported,
} from './erb-values.js';

// Methods every Ruby object (the template's Context) answers itself, before method_missing could
// reach the state: a field by one of these names is not what the template gets.
const OBJECT_METHODS = new Set(('p pp puts print printf putc sprintf gets readline readlines select sleep rand srand loop lambda proc raise fail catch throw '
  + 'caller caller_locations binding block_given? require require_relative load autoload exit exit! abort at_exit fork spawn system exec trap open test warn '
  + 'eval instance_eval instance_exec send __send__ public_send method methods display hash inspect to_s class singleton_class frozen? freeze dup clone '
  + 'itself then yield_self tap object_id nil? is_a? kind_of? instance_of? respond_to? extend instance_variables instance_variable_get instance_variable_set '
  + 'instance_variable_defined? define_singleton_method singleton_methods public_methods private_methods protected_methods equal? eql? to_enum enum_for '
  + 'iterator? local_variables global_variables __method__ __dir__ __callee__ binding_for_the_template respond_to_missing? method_missing initialize '
  + 'to_h key? fetch').split(' '));

const CONTEXT = '#<Pinecall::View::Context:0x…>';

/** The names the template reads: the snapshot (fields, stage, derived), `resumed`, `call`, and the remembered facts. */
class Scope {
  constructor(input) {
    this.values = new Map();
    const floats = new Set(input.floats ?? []);
    // A field whose default the class writes as a symbol holds Symbols in the gem (the document, text).
    const symbols = new Set(input.symbols ?? []);
    const symbolic = (v) => (typeof v === 'string' ? new RSym(v) : Array.isArray(v) ? v.map(symbolic) : v);
    for (const [name, value] of Object.entries(input.fields ?? {})) {
      const read = fromJson(value, floats.has(name));
      this.values.set(name, { value: symbols.has(name) ? symbolic(read) : read });
    }
    if (typeof input.stage === 'string') this.values.set('stage', { value: new RSym(input.stage) });
    for (const [name, mock] of Object.entries(input.derived ?? {})) this.values.set(name, mock ? { value: fromJson(mock.value) } : { need: name });
    this.values.set('resumed', { value: Boolean(input.resumed) });
    this.values.set('call', { value: new RHash([[new RSym('channel'), input.channel ?? 'web']]) });
    this.remembered = input.remembered ?? null;
  }

  /** A key of the snapshot; `orNil` for Reading#[] (a key it lacks is nil), else undefined when there is none. */
  field(name, orNil = false) {
    const found = this.values.get(name);
    if (!found) return orNil ? null : undefined;
    if (found.need) throw new NeedsError(found.need);
    return found.value;
  }

  remembers(args) {
    if (!args || args.length !== 1) throw new RubyError('ArgumentError', `wrong number of arguments (given ${args ? args.length : 0}, expected 1)`);
    if (this.remembered === null) throw new NeedsError('remembers?');
    if ('answer' in this.remembered) return Boolean(this.remembered.answer);
    const text = toS(args[0]);
    return this.remembered.facts.some((fact) => fact.includes(text));
  }

  /** `state.name(args)`: Pinecall::Reading's methods, then a key of the snapshot by name. */
  readingMethod(name, args) {
    if (name === 'remembers?') return this.remembers(args);
    if (name === 'nil?' && !args?.length) return false;
    if (OBJECT_METHODS.has(name)) throw new Unsupported(`state.${name}`);
    const value = args === null || args.length === 0 ? this.field(name) : undefined;
    if (value !== undefined) return value;
    if (args && args.length && this.values.has(name)) throw new Unsupported(`state.${name} with arguments`);
    throw new RubyError('NoMethodError', `undefined method \`${name}' for #<Pinecall::Reading:0x…>`);
  }
}

class Renderer {
  constructor(scope, maxChars) {
    this.scope = scope;
    this.maxChars = maxChars;
    this.out = '';
  }

  emit(text) {
    this.out += text;
    if (this.out.length > this.maxChars) throw new RangeError('__output_cap__');
  }

  name(name, locals) {
    for (let env = locals; env; env = env.parent) if (Object.hasOwn(env.vars, name)) return env.vars[name];
    if (name === 'state') return new Reading(this.scope);
    if (name === 'each_line' || name === 'remembers?' || name === 'format' || name === 'sprintf') {
      throw new RubyError('ArgumentError', `wrong number of arguments (given 0, expected ${name === 'remembers?' || name === 'each_line' ? '1' : '1+'})`);
    }
    if (OBJECT_METHODS.has(name)) throw new Unsupported(`\`${name}\`: every Ruby object has a method by that name, and the view's scope answers it before the state`);
    const value = this.scope.field(name);
    if (value !== undefined) return value;
    // Context#method_missing finds nothing, and BasicObject's raises.
    if (/[?!]$/.test(name)) throw new RubyError('NoMethodError', `undefined method \`${name}' for ${CONTEXT}`);
    throw new RubyError('NameError', `undefined local variable or method \`${name}' for ${CONTEXT}`);
  }

  fcall(name, args) {
    if (name === 'each_line') {
      if (args.length !== 1) throw new RubyError('ArgumentError', `wrong number of arguments (given ${args.length}, expected 1)`);
      const text = arrayOf(args[0]).map((item) => strip(toS(item))).join('\n');
      if (text.length > this.maxChars) throw new RangeError('__output_cap__');
      return text;
    }
    if (name === 'remembers?') return this.scope.remembers(args);
    if (name === 'format' || name === 'sprintf') return format(args);
    if (name === 'state' && !args.length) return new Reading(this.scope);
    if (OBJECT_METHODS.has(name)) throw new Unsupported(`${name}(…)`);
    if (this.scope.values.has(name)) {
      if (!args.length) return this.scope.field(name);
      throw new Unsupported(`${name}(…) with arguments`);
    }
    throw new RubyError('NoMethodError', `undefined method \`${name}' for ${CONTEXT}`);
  }

  value(node, locals) {
    switch (node.k) {
      case 'num': return rubyNumber(node.v, node.float);
      case 'str': return node.v;
      case 'dstr': {
        let text = '';
        for (const part of node.parts) {
          text += typeof part === 'string' ? part : toS(this.value(part, locals));
          if (text.length > this.maxChars) throw new RangeError('__output_cap__');
        }
        return text;
      }
      case 'sym': return new RSym(node.v);
      case 'lit': return node.v;
      case 'array': return node.items.map((item) => this.value(item, locals));
      case 'name': return this.name(node.v, locals);
      case 'fcall': return this.fcall(node.name, node.args.map((a) => this.value(a, locals)));
      case 'call': {
        const recv = this.value(node.recv, locals);
        return callMethod(recv, node.name, node.args && node.args.map((a) => this.value(a, locals)), this.scope, this.maxChars);
      }
      case 'index': return index(this.value(node.recv, locals), this.value(node.key, locals));
      case '!': case 'not': return !truthy(this.value(node.a, locals));
      case 'neg': return negate(this.value(node.a, locals));
      case 'and': {
        const a = this.value(node.a, locals);
        return truthy(a) ? this.value(node.b, locals) : a;
      }
      case 'or': {
        const a = this.value(node.a, locals);
        return truthy(a) ? a : this.value(node.b, locals);
      }
      case 'if': return truthy(this.value(node.cond, locals)) ? this.value(node.yes, locals) : this.value(node.no, locals);
      case 'bin': return binary(node.op, this.value(node.a, locals), this.value(node.b, locals), this.maxChars);
      default: throw new Unsupported(`the expression ${node.k}`);
    }
  }

  block(nodes, locals) {
    for (const node of nodes) this.node(node, locals);
  }

  node(node, locals) {
    switch (node.n) {
      case 'text': return this.emit(node.v);
      case 'out': return this.emit(toS(this.value(node.expr, locals)));
      case 'if': {
        for (const branch of node.branches) {
          if (truthy(this.value(branch.cond, locals)) !== branch.negate) return this.block(branch.body, locals);
        }
        if (node.elseBody) this.block(node.elseBody, locals);
        return undefined;
      }
      case 'case': {
        const subject = this.value(node.subject, locals);
        for (const when of node.whens) {
          // `when v` asks `v === subject`: for the values this subset has, that is ==.
          if (when.values.some((v) => binary('==', this.value(v, locals), subject, this.maxChars))) return this.block(when.body, locals);
        }
        if (node.elseBody) this.block(node.elseBody, locals);
        return undefined;
      }
      case 'each': return this.each(node, locals);
      default: throw new Unsupported(`the statement ${node.n}`);
    }
  }

  each(node, locals) {
    const target = this.value(node.target, locals);
    const method = node.withIndex ? 'each_with_index' : 'each';
    let items;
    if (Array.isArray(target)) items = target;
    else if (target instanceof RHash) items = target.pairs.map(([k, v]) => [k, v]);
    else if (target instanceof Reading) throw new Unsupported(`state.${method}`);
    else throw noMethod(method, target);
    items.forEach((item, i) => {
      const vars = {};
      const [first, second] = node.params;
      if (node.withIndex) {
        vars[first] = item;
        if (second !== undefined) vars[second] = i;
      } else if (node.params.length === 1) vars[first] = item;
      else {
        const parts = Array.isArray(item) ? item : [item];
        node.params.forEach((p, j) => {
          vars[p] = parts[j] ?? null;
        });
      }
      this.block(node.body, { vars, parent: locals });
    });
    return undefined;
  }
}

/** What the guest answers, as JSON: {text} (untidied), or {error: {kind: 'needs'|'ruby'|'unsupported'|'syntax', …}}. */
export function renderRubyView(source, inputJson, maxChars) {
  let tree;
  try {
    tree = compile(source);
  } catch (error) {
    if (error instanceof SyntaxProblem) return JSON.stringify({ error: { kind: 'syntax', message: error.message } });
    if (error instanceof Unsupported) return JSON.stringify({ error: { kind: 'unsupported', message: error.message } });
    throw error;
  }
  try {
    const renderer = new Renderer(new Scope(JSON.parse(inputJson)), maxChars);
    renderer.block(tree, null);
    return JSON.stringify({ text: renderer.out });
  } catch (error) {
    if (error instanceof NeedsError) return JSON.stringify({ error: { kind: 'needs', names: [error.need] } });
    if (error instanceof RubyError) return JSON.stringify({ error: { kind: 'ruby', type: error.type, message: error.message } });
    if (error instanceof Unsupported) return JSON.stringify({ error: { kind: 'unsupported', message: error.message } });
    if (error instanceof SyntaxProblem) return JSON.stringify({ error: { kind: 'syntax', message: error.message } });
    throw error;
  }
}
