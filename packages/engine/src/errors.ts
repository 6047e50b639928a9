/** Base class, so hosts can tell the kit's errors apart. */
export class ConsentError extends Error {
  override name = 'ConsentError';
}

/** A store's data could not be read. The bad data was kept (moved aside), never emptied. */
export class CorruptStoreError extends ConsentError {
  override name = 'CorruptStoreError';
  constructor(
    message: string,
    /** Where the unreadable data was moved, when it was moved. */
    readonly quarantinePath?: string,
  ) {
    super(message);
  }
}

/** The store failed (threw, hung, quota). The engine asks instead of deciding. */
export class StoreUnavailableError extends ConsentError {
  override name = 'StoreUnavailableError';
}

/** An answer that the request does not allow, such as Allow always for a destructive tool. */
export class InvalidAnswerError extends ConsentError {
  override name = 'InvalidAnswerError';
}

/** The arguments cannot be hashed (cycles, BigInt, non-finite numbers, too deep). */
export class CanonicalJsonError extends ConsentError {
  override name = 'CanonicalJsonError';
}

/** Where a value the engine refused came from. */
export type InvalidInputSource = 'call' | 'answer' | 'store' | 'options' | 'outcome';

/**
 * A value from outside the engine (a call, an answer, a stored grant, an option) that it cannot
 * decide on. The engine fails closed on it (a denial, or a prompt instead of a grant) and says so
 * in an `invalid` event.
 */
export class InvalidInputError extends ConsentError {
  override name = 'InvalidInputError';
  constructor(
    readonly source: InvalidInputSource,
    message: string,
  ) {
    super(message);
  }
}
