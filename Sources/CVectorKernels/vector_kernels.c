#include "vector_kernels.h"

// Eight partial sums, so the compiler can keep them in vector registers without reordering a
// single running sum. Built optimised in every configuration (Package.swift): the crisis layer's
// neighbour vote runs this over 13,000 rows for every sentence, in debug test builds too.
void homeos_row_dot_products(const float *rows, size_t count, size_t dimension, const float *query, float *out) {
    for (size_t row = 0; row < count; row++) {
        const float *values = rows + row * dimension;
        float partial[8] = {0, 0, 0, 0, 0, 0, 0, 0};
        size_t position = 0;
        for (; position + 8 <= dimension; position += 8) {
            for (size_t lane = 0; lane < 8; lane++) partial[lane] += values[position + lane] * query[position + lane];
        }
        float sum = ((partial[0] + partial[1]) + (partial[2] + partial[3])) + ((partial[4] + partial[5]) + (partial[6] + partial[7]));
        for (; position < dimension; position++) sum += values[position] * query[position];
        out[row] = sum;
    }
}
