#ifndef HOMEOS_VECTOR_KERNELS_H
#define HOMEOS_VECTOR_KERNELS_H

#include <stddef.h>

/// The dot product of `query` with each of `count` rows of `dimension` floats stored one after
/// another in `rows`, written to `out[0..<count]`.
void homeos_row_dot_products(const float *rows, size_t count, size_t dimension, const float *query, float *out);

#endif
