const sharp=require('sharp');sharp.concurrency(1);sharp.cache(false);
(async()=>{
const src='/tmp/vigil-photos/libjxl-testdata--flower--333367989f.png';
const big=await sharp(src).resize(3464,2309).jpeg({quality:90}).toBuffer();
const thumb=await sharp(src).resize(480,480,{fit:'inside'}).jpeg({quality:85}).toBuffer();
console.log('sizes',big.length,thumb.length);
async function bench(name,buf,fn,n){for(let i=0;i<3;i++)await fn(buf);const t=process.hrtime.bigint();for(let i=0;i<n;i++)await fn(buf);const dt=Number(process.hrtime.bigint()-t)/1e6;console.log(name,(n*1000/dt).toFixed(1),'/s');}
const variants={
 'grey64 fill':b=>sharp(b).resize(64,64,{fit:'fill'}).greyscale().raw().toBuffer(),
 'rotate grey64':b=>sharp(b).rotate().resize(64,64,{fit:'fill'}).greyscale().raw().toBuffer(),
 'rgb128 inside':b=>sharp(b).rotate().resize(128,128,{fit:'inside'}).raw().toBuffer({resolveWithObject:true}),
 'rgb128 inside flatten srgb':b=>sharp(b).rotate().flatten({background:'#ffffff'}).resize(128,128,{fit:'inside'}).toColourspace('srgb').raw().toBuffer({resolveWithObject:true}),
 'rgb160 inside':b=>sharp(b).rotate().resize(160,160,{fit:'inside'}).raw().toBuffer({resolveWithObject:true}),
 'rgb256 inside':b=>sharp(b).rotate().resize(256,256,{fit:'inside'}).raw().toBuffer({resolveWithObject:true}),
 'rgb256 inside nearest':b=>sharp(b).rotate().resize(256,256,{fit:'inside',kernel:'nearest'}).raw().toBuffer({resolveWithObject:true}),
 'grey256 inside':b=>sharp(b).rotate().resize(256,256,{fit:'inside'}).greyscale().raw().toBuffer({resolveWithObject:true}),
 'rgb512 inside':b=>sharp(b).rotate().resize(512,512,{fit:'inside'}).raw().toBuffer({resolveWithObject:true}),
 'full decode':b=>sharp(b).raw().toBuffer(),
};
for(const [k,f] of Object.entries(variants)){await bench('8MP '+k,big,f,20);}
for(const [k,f] of Object.entries(variants)){await bench('480 '+k,thumb,f,300);}
})();
