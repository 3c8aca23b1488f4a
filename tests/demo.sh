#!/bin/sh
echo "demo: nothing yet"
