// The WebIDL shape of the TextDecoder and TextEncoder interface objects: prototype accessors and
// operations (their property attributes, lengths, names), Symbol.toStringTag, brand checks on
// `this`, and constructors that require `new`.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { importEntry } from './package.mjs';

const { TextDecoder, TextEncoder } = await importEntry('.');
const Host = { TextDecoder: globalThis.TextDecoder, TextEncoder: globalThis.TextEncoder };
const NO_HOST = (typeof Host.TextDecoder !== 'function' || typeof Host.TextEncoder !== 'function') && 'the host has no TextDecoder/TextEncoder';

const attributes = { TextDecoder: ['encoding', 'fatal', 'ignoreBOM'], TextEncoder: ['encoding'] };
const operations = { TextDecoder: { decode: 0 }, TextEncoder: { encode: 0, encodeInto: 2 } };
const classes = { TextDecoder, TextEncoder };

/** The parts of a property descriptor WebIDL fixes. */
function shape(desc) {
  if (desc === undefined) return undefined;
  return {
    enumerable: desc.enumerable,
    configurable: desc.configurable,
    writable: 'value' in desc ? desc.writable : undefined,
    hasGetter: typeof desc.get === 'function',
    hasSetter: typeof desc.set === 'function',
    valueType: typeof desc.value,
  };
}

for (const [name, cls] of Object.entries(classes)) {
  test(`${name}: attributes are enumerable, configurable prototype accessors without a setter`, () => {
    for (const attr of attributes[name]) {
      const desc = Object.getOwnPropertyDescriptor(cls.prototype, attr);
      assert.deepEqual(shape(desc), { enumerable: true, configurable: true, writable: undefined, hasGetter: true, hasSetter: false, valueType: 'undefined' }, attr);
      assert.equal(desc.get.name, `get ${attr}`);
      assert.equal(desc.get.length, 0);
      const instance = name === 'TextDecoder' ? new TextDecoder() : new TextEncoder();
      assert.equal(Object.getOwnPropertyDescriptor(instance, attr), undefined, `${attr} is not an own property of instances`);
      // No setter: assignment in sloppy mode is ignored, in strict mode (this module) a TypeError.
      assert.throws(() => {
        instance[attr] = 'x';
      }, TypeError);
    }
  });

  test(`${name}: operations are enumerable, writable, configurable methods with WebIDL lengths`, () => {
    for (const [op, length] of Object.entries(operations[name])) {
      const desc = Object.getOwnPropertyDescriptor(cls.prototype, op);
      assert.deepEqual(shape(desc), { enumerable: true, configurable: true, writable: true, hasGetter: false, hasSetter: false, valueType: 'function' }, op);
      assert.equal(desc.value.length, length, `${op}.length`);
      assert.equal(desc.value.name, op);
    }
  });

  test(`${name}: own keys of the prototype, Symbol.toStringTag, constructor`, () => {
    const expected = ['constructor', ...attributes[name], ...Object.keys(operations[name]), Symbol.toStringTag];
    assert.deepEqual(new Set(Reflect.ownKeys(cls.prototype)), new Set(expected));
    assert.deepEqual(Object.getOwnPropertyDescriptor(cls.prototype, Symbol.toStringTag), {
      value: name,
      writable: false,
      enumerable: false,
      configurable: true,
    });
    const instance = new cls();
    assert.equal(Object.prototype.toString.call(instance), `[object ${name}]`);
    assert.equal(Object.prototype.toString.call(cls.prototype), `[object ${name}]`);
    assert.deepEqual(Object.getOwnPropertyDescriptor(cls.prototype, 'constructor'), { value: cls, writable: true, enumerable: false, configurable: true });
    assert.equal(cls.length, 0);
    assert.equal(cls.name, name);
    assert.deepEqual(shape(Object.getOwnPropertyDescriptor(cls, 'prototype')), { enumerable: false, configurable: false, writable: false, hasGetter: false, hasSetter: false, valueType: 'object' });
    assert.deepEqual(Reflect.ownKeys(instance), [], 'instances have no own properties');
    assert.equal(Object.getPrototypeOf(instance), cls.prototype);
    // for-in/Object.keys see exactly the attributes and operations (they are enumerable).
    assert.deepEqual(new Set(Object.keys(cls.prototype)), new Set([...attributes[name], ...Object.keys(operations[name])]));
  });

  test(`${name}: calling the constructor without new is a TypeError`, () => {
    assert.throws(() => cls(), TypeError);
    assert.throws(() => cls.call(new cls()), TypeError);
    assert.throws(() => Reflect.apply(cls, undefined, []), TypeError);
  });

  test(`${name}: property attributes match the host's ${name}.prototype`, { skip: NO_HOST }, () => {
    const host = Host[name].prototype;
    // Node adds a util.inspect.custom symbol; compare the standard's members.
    const keys = ['constructor', ...attributes[name], ...Object.keys(operations[name]), Symbol.toStringTag];
    for (const key of keys) {
      const ours = shape(Object.getOwnPropertyDescriptor(cls.prototype, key));
      const theirs = shape(Object.getOwnPropertyDescriptor(host, key));
      assert.notEqual(theirs, undefined, `the host has ${String(key)}`);
      assert.deepEqual(ours, theirs, String(key));
    }
    assert.equal(cls.length, Host[name].length);
    for (const [op] of Object.entries(operations[name])) {
      assert.equal(cls.prototype[op].length, host[op].length, `${op}.length`);
    }
  });
}

test('TextDecoder getters and decode() on the wrong object are TypeErrors', () => {
  const wrong = [{}, new TextEncoder(), TextDecoder.prototype, Object.create(TextDecoder.prototype), null, undefined, 1, 'utf-8'];
  if (Host.TextDecoder) wrong.push(new Host.TextDecoder());
  for (const attr of attributes.TextDecoder) {
    const get = Object.getOwnPropertyDescriptor(TextDecoder.prototype, attr).get;
    for (const self of wrong) assert.throws(() => get.call(self), TypeError, `${attr} on ${String(self)}`);
    assert.throws(() => TextDecoder.prototype[attr], TypeError, `TextDecoder.prototype.${attr}`);
  }
  for (const self of wrong) {
    assert.throws(() => TextDecoder.prototype.decode.call(self), TypeError);
    assert.throws(() => TextDecoder.prototype.decode.call(self, new Uint8Array([0x41])), TypeError);
  }
});

test('TextEncoder getter and methods on the wrong object are TypeErrors', () => {
  const wrong = [{}, new TextDecoder(), TextEncoder.prototype, Object.create(TextEncoder.prototype), null, undefined, 0];
  if (Host.TextEncoder) wrong.push(new Host.TextEncoder());
  const get = Object.getOwnPropertyDescriptor(TextEncoder.prototype, 'encoding').get;
  for (const self of wrong) {
    assert.throws(() => get.call(self), TypeError);
    assert.throws(() => TextEncoder.prototype.encode.call(self, 'a'), TypeError);
    assert.throws(() => TextEncoder.prototype.encodeInto.call(self, 'a', new Uint8Array(4)), TypeError);
  }
  assert.throws(() => TextEncoder.prototype.encoding, TypeError);
  // The TextDecoder encoding getter on a TextEncoder, and the reverse.
  assert.throws(() => Object.getOwnPropertyDescriptor(TextDecoder.prototype, 'encoding').get.call(new TextEncoder()), TypeError);
  assert.throws(() => get.call(new TextDecoder()), TypeError);
});

test('the brand check happens before any argument conversion', () => {
  const log = [];
  const options = { get stream() { log.push('stream'); return true; } };
  assert.throws(() => TextDecoder.prototype.decode.call({}, new Uint8Array(1), options), TypeError);
  assert.throws(() => TextDecoder.prototype.decode.call({}, 'not a buffer'), TypeError);
  const source = { toString() { log.push('source'); return 'a'; } };
  assert.throws(() => TextEncoder.prototype.encodeInto.call({}, source, new Uint8Array(4)), TypeError);
  assert.throws(() => TextEncoder.prototype.encode.call({}, source), TypeError);
  assert.deepEqual(log, []);
});

test('methods and getters still work when extracted and called on a real instance', () => {
  const d = new TextDecoder('latin1', { fatal: true });
  const { decode } = TextDecoder.prototype;
  assert.equal(decode.call(d, new Uint8Array([0xe9])), 'é');
  assert.equal(Object.getOwnPropertyDescriptor(TextDecoder.prototype, 'encoding').get.call(d), 'windows-1252');
  assert.equal(Object.getOwnPropertyDescriptor(TextDecoder.prototype, 'fatal').get.call(d), true);
  const e = new TextEncoder('ignored', 'arguments');
  assert.equal(e.encoding, 'utf-8');
  assert.deepEqual([...TextEncoder.prototype.encode.call(e, 'é')], [0xc3, 0xa9]);
});
