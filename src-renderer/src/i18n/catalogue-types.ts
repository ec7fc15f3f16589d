// The shape every translation must have: the English catalogue's keys, any text; plural `_one` forms are
// optional because languages such as Chinese have one plural form (`_other`).

type Text<T> = T extends string ? string : { [K in keyof T as K extends `${string}_one` ? never : K]: Text<T[K]> } & {
  [K in keyof T as K extends `${string}_one` ? K : never]?: string;
};

/** A translation of a catalogue part `T` (the English `as const` object). */
export type Translation<T> = Text<T>;
