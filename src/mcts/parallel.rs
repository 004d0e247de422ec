//! Threads (std): root parallelism and tree parallelism.
