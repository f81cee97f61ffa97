// Group commit for small writes that arrive many a second (issue 31: analytics beside bookings). Each caller still
// waits for its own write and gets its own answer, so nothing is acknowledged before it is stored, and a process that
// dies loses only writes nobody was told were done. What changes is the database's work: the writes that arrive
// within `windowMs` of the first go as one statement (one parse, one plan, one commit and one WAL flush), not one each.
//
// - Two writes with the same key never share a group: the later waits for the next one, so one statement never
//   carries two writes to the same row and a key's writes keep their order.
// - A group that fails is written again member by member, so one bad member (or a deadlock with another node's group)
//   fails alone, with its own error.
export type WriteGroup<In, Out> = {
  add(item: In): Promise<Out>;
  // writes what is waiting now instead of at the end of its window (shutdown)
  flush(): void;
};

type Member<In, Out> = { item: In; resolve: (out: Out) => void; reject: (error: unknown) => void };

export function writeGroup<In, Out>(options: {
  windowMs: number;
  maxItems: number;
  keyOf: (item: In) => string;
  // one answer per item, in the items' order
  write: (items: In[]) => Promise<Out[]>;
}): WriteGroup<In, Out> {
  const { windowMs, maxItems, keyOf, write } = options;
  let group = new Map<string, Member<In, Out>>();
  let held: Member<In, Out>[] = [];
  let timer: NodeJS.Timeout | undefined;

  function join(member: Member<In, Out>) {
    const key = keyOf(member.item);
    if (group.has(key)) {
      held.push(member);
      return;
    }
    group.set(key, member);
    if (group.size >= maxItems) flush();
    else timer ??= setTimeout(flush, windowMs);
  }

  function flush() {
    clearTimeout(timer);
    timer = undefined;
    const members = [...group.values()];
    group = new Map();
    const waiting = held;
    held = [];
    for (const member of waiting) join(member);
    if (members.length > 0) void writeMembers(members);
  }

  async function writeMembers(members: Member<In, Out>[]) {
    try {
      const outs = await write(members.map((member) => member.item));
      if (outs.length !== members.length) throw new Error(`${outs.length} answers for ${members.length} writes`);
      members.forEach((member, i) => member.resolve(outs[i] as Out));
    } catch (error) {
      if (members.length === 1) members[0]?.reject(error);
      else for (const member of members) void writeMembers([member]);
    }
  }

  return {
    add: (item) => new Promise<Out>((resolve, reject) => join({ item, resolve, reject })),
    flush,
  };
}

// One group per database handle (each node's, each test app's), made on its first write
export function writeGroupPer<Handle extends object, In, Out>(
  options: (handle: Handle) => Parameters<typeof writeGroup<In, Out>>[0],
): (handle: Handle) => WriteGroup<In, Out> {
  const groups = new WeakMap<Handle, WriteGroup<In, Out>>();
  return (handle) => {
    let group = groups.get(handle);
    if (!group) {
      group = writeGroup(options(handle));
      groups.set(handle, group);
    }
    return group;
  };
}
