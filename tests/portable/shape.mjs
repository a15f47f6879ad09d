// The WebIDL shape of the interfaces: constructors need `new`, names and lengths, accessor and
// operation descriptors on the prototype, Symbol.toStringTag, and brand checks.

import { assert, skip } from './harness.mjs';

const INTERFACES = {
  TextDecoder: { attributes: ['encoding', 'fatal', 'ignoreBOM'], operations: { decode: 0 }, args: [] },
  TextEncoder: { attributes: ['encoding'], operations: { encode: 0, encodeInto: 2 }, args: [] },
  TextDecoderStream: { attributes: ['encoding', 'fatal', 'ignoreBOM', 'readable', 'writable'], operations: {}, args: [] },
  TextEncoderStream: { attributes: ['encoding', 'readable', 'writable'], operations: {}, args: [] },
};

export default function register(test, { api }) {
  for (const [name, spec] of Object.entries(INTERFACES)) {
    const get = () => {
      const cls = api[name];
      if (typeof cls === 'function') return cls;
      if (name.endsWith('Stream') && typeof globalThis.TransformStream !== 'function') throw skip('no TransformStream here');
      assert.ok(false, `the package does not export ${name}`);
    };

    test(`${name}: interface object (name, length, new required, prototype)`, () => {
      const cls = get();
      assert.equal(cls.name, name);
      assert.equal(cls.length, 0, 'no required constructor arguments');
      assert.throws(TypeError, () => cls(), 'calling without new');
      assert.throws(TypeError, () => cls.call(new cls()), 'calling without new on an instance');
      assert.equal(cls.prototype.constructor, cls);
      const desc = Object.getOwnPropertyDescriptor(cls, 'prototype');
      assert.equal(desc.writable, false, 'prototype is not writable');
      assert.equal(desc.enumerable, false);
      assert.equal(desc.configurable, false);
      const instance = new cls();
      assert.equal(Object.getPrototypeOf(instance), cls.prototype);
      assert.arrayEqual(Object.getOwnPropertyNames(instance), [], 'no own properties on instances');
    });

    test(`${name}: attributes and operations on the prototype`, () => {
      const proto = get().prototype;
      for (const attribute of spec.attributes) {
        const desc = Object.getOwnPropertyDescriptor(proto, attribute);
        assert.ok(desc, `${attribute} is defined on the prototype`);
        assert.equal(typeof desc.get, 'function', `${attribute} has a getter`);
        assert.equal(desc.set, undefined, `${attribute} is readonly`);
        assert.equal(desc.enumerable, true, `${attribute} is enumerable`);
        assert.equal(desc.configurable, true, `${attribute} is configurable`);
        assert.equal(desc.get.name, `get ${attribute}`, `${attribute} getter name`);
        assert.equal(desc.get.length, 0);
      }
      for (const [operation, length] of Object.entries(spec.operations)) {
        const desc = Object.getOwnPropertyDescriptor(proto, operation);
        assert.ok(desc, `${operation} is defined on the prototype`);
        assert.equal(typeof desc.value, 'function');
        assert.equal(desc.value.length, length, `${operation}.length`);
        assert.equal(desc.value.name, operation);
        assert.equal(desc.writable, true);
        assert.equal(desc.enumerable, true, `${operation} is enumerable`);
        assert.equal(desc.configurable, true);
        assert.throws(TypeError, () => new desc.value(), `${operation} is not a constructor`);
      }
    });

    test(`${name}: Symbol.toStringTag`, () => {
      const cls = get();
      const desc = Object.getOwnPropertyDescriptor(cls.prototype, Symbol.toStringTag);
      assert.ok(desc, 'defined on the prototype');
      assert.equal(desc.value, name);
      assert.equal(desc.writable, false);
      assert.equal(desc.enumerable, false);
      assert.equal(desc.configurable, true);
      assert.equal(Object.prototype.toString.call(new cls()), `[object ${name}]`);
      assert.equal(Object.prototype.toString.call(cls.prototype), `[object ${name}]`);
    });

    test(`${name}: brand checks on every member`, () => {
      const cls = get();
      const proto = cls.prototype;
      const impostors = [{}, Object.create(proto), null, undefined, 1];
      const other = Object.keys(api).filter((n) => n !== name && typeof api[n] === 'function');
      for (const n of other) impostors.push(new api[n]());
      for (const attribute of spec.attributes) {
        const getter = Object.getOwnPropertyDescriptor(proto, attribute).get;
        for (const impostor of impostors) {
          assert.throws(TypeError, () => getter.call(impostor), `${attribute} getter on ${String(impostor)}`);
        }
        assert.throws(TypeError, () => proto[attribute], `${attribute} read on the prototype`);
      }
      for (const operation of Object.keys(spec.operations)) {
        for (const impostor of impostors) {
          const args = operation === 'encodeInto' ? ['', new Uint8Array(1)] : [];
          assert.throws(TypeError, () => proto[operation].apply(impostor, args), `${operation} on ${String(impostor)}`);
        }
      }
    });
  }

  test('subclassing works like a platform class', () => {
    class Mine extends api.TextDecoder {}
    const d = new Mine('latin1');
    assert.equal(d.encoding, 'windows-1252');
    assert.equal(d.decode(new Uint8Array([0x80])), '\u20AC');
    assert.ok(d instanceof api.TextDecoder);
  });
}
