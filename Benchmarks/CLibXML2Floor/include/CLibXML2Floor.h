#ifndef CLIBXML2FLOOR_H
#define CLIBXML2FLOOR_H
int clibxml2floor_placeholder(void);
#endif
