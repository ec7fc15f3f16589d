// The shape of a change to a config schema: the same fields and types without defaults, bounds or refinements
// (the core validates the merged config, so its errors name the field), strict objects, payload size limits.
import { z } from 'zod';
import { LIMITS } from './limits';

/** A field of the change: optional where the config lets it be absent (or every field, for a partial change). */
type FieldOf<S extends z.core.SomeType, AllOptional extends boolean> = S extends
  | z.ZodOptional<infer T extends z.core.SomeType>
  | z.ZodDefault<infer T extends z.core.SomeType>
  | z.ZodPrefault<infer T extends z.core.SomeType>
  ? z.ZodOptional<Shape<T, AllOptional>>
  : AllOptional extends true
    ? z.ZodOptional<Shape<S, AllOptional>>
    : Shape<S, AllOptional>;

/** The type-level mirror of `shapeOf` below. */
export type Shape<S extends z.core.SomeType, AllOptional extends boolean> =
  S extends z.ZodNullable<infer T extends z.core.SomeType>
    ? z.ZodNullable<Shape<T, AllOptional>>
    : S extends z.ZodObject<infer Fields>
      ? z.ZodObject<{ -readonly [K in keyof Fields]: FieldOf<Fields[K], AllOptional> }, z.core.$strict>
      : S extends z.ZodRecord<infer K, infer V extends z.core.SomeType>
        ? z.ZodRecord<K, Shape<V, AllOptional>>
        : S extends z.ZodArray<infer E extends z.core.SomeType>
          ? z.ZodArray<Shape<E, AllOptional>>
          : S extends z.ZodPipe<z.core.SomeType, infer O extends z.core.SomeType>
            ? Shape<O, AllOptional>
            : S;

const str = z.string().max(LIMITS.genericStringChars);

function isOptionalInConfig(schema: z.ZodType): boolean {
  return schema instanceof z.ZodOptional || schema instanceof z.ZodDefault || schema instanceof z.ZodPrefault;
}

function shapeOf(schema: z.ZodType, allOptional: boolean): z.ZodType {
  if (isOptionalInConfig(schema)) return shapeOf((schema as z.ZodOptional<z.ZodType>).unwrap(), allOptional);
  if (schema instanceof z.ZodNullable) return shapeOf(schema.unwrap() as z.ZodType, allOptional).nullable();
  if (schema instanceof z.ZodObject) {
    const fields: Record<string, z.ZodType> = {};
    for (const [key, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
      const shape = shapeOf(field, allOptional);
      fields[key] = allOptional || isOptionalInConfig(field) ? shape.optional() : shape;
    }
    return z.strictObject(fields);
  }
  if (schema instanceof z.ZodRecord) return z.record(z.string().max(LIMITS.nameChars), shapeOf(schema.valueType as z.ZodType, allOptional));
  if (schema instanceof z.ZodArray) return z.array(shapeOf(schema.element as z.ZodType, allOptional)).max(LIMITS.listMax);
  if (schema instanceof z.ZodString) return str;
  if (schema instanceof z.ZodNumber) return z.number();
  if (schema instanceof z.ZodBoolean) return z.boolean();
  if (schema instanceof z.ZodEnum) return schema; // an enum has no checks to drop
  // a field that still reads an older spelling (z.preprocess): a change is written in the current one
  if (schema instanceof z.ZodPipe) return shapeOf(schema.out as z.ZodType, allOptional);
  throw new Error(`patch-shape: no change form for a ${schema.def.type} schema`);
}

/** An object sent whole (a model preset, an MCP server): required where the config requires the field. */
export function wholeShape<S extends z.ZodObject>(schema: S): Shape<S, false> {
  // shapeOf builds, field by field, exactly the schema Shape<S, false> describes.
  return shapeOf(schema, false) as Shape<S, false>;
}

/** A partial change to a section (agent, tools, heartbeat, ui): every field, at every depth, optional. */
export function partialShape<S extends z.ZodObject>(schema: S): Shape<S, true> {
  // As above, with every field optional.
  return shapeOf(schema, true) as Shape<S, true>;
}
